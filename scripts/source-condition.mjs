// Development runs (`pnpm cli`, `pnpm worker`) execute the TypeScript sources: this resolve hook
// adds the "@sightline/source" export condition, so @sightline/* imports load `src/*.ts` rather
// than the compiled `dist/*.js` that production entry points use. Register it before tsx.
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "@sightline/source"] })
}
