import { addEqualityTesters } from "@effect/vitest"

addEqualityTesters()
