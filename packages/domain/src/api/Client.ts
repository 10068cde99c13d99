import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as Redacted from "effect/Redacted"
import * as RedactedValue from "effect/Redacted"
import { SightlineApi } from "./SightlineApi.js"

/** A typed client for internal teams: every endpoint, sending the key in the `api-key` header. */
export const makeClient = (options: { readonly baseUrl: string; readonly apiKey: Redacted.Redacted<string> }) =>
  HttpApiClient.make(SightlineApi, {
    baseUrl: options.baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.setHeader("api-key", RedactedValue.value(options.apiKey)))
  })
