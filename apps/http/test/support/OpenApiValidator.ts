import { Ajv2020 } from "ajv/dist/2020.js"
import addFormatsModule from "ajv-formats"

// ajv-formats is CommonJS with a `default` property; depending on the loader the import is either.
const addFormats = "default" in addFormatsModule ? addFormatsModule.default : addFormatsModule

const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))

/**
 * Validates live responses against the served OpenAPI 3.1 document (JSON Schema 2020-12): the
 * schema of the GET operation's documented response for the status, resolved through the
 * document's own `$ref`s. A status the document does not list fails.
 */
export const makeValidator = (document: unknown) => {
  if (typeof document !== "object" || document === null) throw new Error("the OpenAPI document is not an object")
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: "openapi.json" })
  return (template: string, status: number, body: unknown): { readonly ok: boolean; readonly errors: string } => {
    const ref = `openapi.json#/paths/${pointer(template)}/get/responses/${status}/content/${pointer("application/json")}/schema`
    try {
      const validate = ajv.compile({ $ref: ref })
      const ok = validate(body)
      return { ok, errors: ajv.errorsText(validate.errors) }
    } catch (error) {
      return { ok: false, errors: `no documented ${status} response for ${template}: ${String(error)}` }
    }
  }
}
