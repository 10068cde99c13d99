import * as Schema from "effect/Schema"

/**
 * The failures of the admin repositories. Each names the problem in one line (`message`), which
 * the CLI prints as is.
 */

export class WorkspaceNotFound extends Schema.TaggedError<WorkspaceNotFound>()("WorkspaceNotFound", {
  workspaceId: Schema.Number
}) {
  override get message() {
    return `Workspace ${this.workspaceId} does not exist.`
  }
}

export class BrandNotFound extends Schema.TaggedError<BrandNotFound>()("BrandNotFound", {
  brandId: Schema.Number
}) {
  override get message() {
    return `Brand ${this.brandId} does not exist.`
  }
}

export class BrandNotInWorkspace extends Schema.TaggedError<BrandNotInWorkspace>()("BrandNotInWorkspace", {
  brandId: Schema.Number,
  workspaceId: Schema.Number
}) {
  override get message() {
    return `Brand ${this.brandId} does not belong to workspace ${this.workspaceId}.`
  }
}

export class CompetitorNotFound extends Schema.TaggedError<CompetitorNotFound>()("CompetitorNotFound", {
  competitorId: Schema.Number
}) {
  override get message() {
    return `Competitor ${this.competitorId} does not exist.`
  }
}

export class GroupNotFound extends Schema.TaggedError<GroupNotFound>()("GroupNotFound", {
  groupId: Schema.Number,
  /** The brand it was looked for in, when the command named one. */
  brandId: Schema.optional(Schema.Number)
}) {
  override get message() {
    return this.brandId === undefined
      ? `Group ${this.groupId} does not exist.`
      : `Group ${this.groupId} does not exist in brand ${this.brandId}.`
  }
}

export class PromptNotFound extends Schema.TaggedError<PromptNotFound>()("PromptNotFound", {
  promptId: Schema.Number
}) {
  override get message() {
    return `Prompt ${this.promptId} does not exist.`
  }
}

/** A prompt whose state forbids the change (a deleted prompt cannot be resumed or run). */
export class PromptNotChangeable extends Schema.TaggedError<PromptNotChangeable>()("PromptNotChangeable", {
  promptId: Schema.Number,
  state: Schema.Literal("deleted", "paused")
}) {
  override get message() {
    return this.state === "deleted"
      ? `Prompt ${this.promptId} is deleted: its history stays queryable, but it can no longer be changed or run.`
      : `Prompt ${this.promptId} is paused: resume it first (prompts resume ${this.promptId}).`
  }
}

export class ApiKeyRevoked extends Schema.TaggedError<ApiKeyRevoked>()("ApiKeyRevoked", {
  keyId: Schema.Number
}) {
  override get message() {
    return `API key ${this.keyId} is revoked: create a new key instead (keys create).`
  }
}

export class ResponseNotFound extends Schema.TaggedError<ResponseNotFound>()("ResponseNotFound", {
  responseId: Schema.Number
}) {
  override get message() {
    return `Response ${this.responseId} does not exist.`
  }
}

export class ApiKeyNotFound extends Schema.TaggedError<ApiKeyNotFound>()("ApiKeyNotFound", {
  keyId: Schema.Number
}) {
  override get message() {
    return `API key ${this.keyId} does not exist.`
  }
}

export class DuplicateName extends Schema.TaggedError<DuplicateName>()("DuplicateName", {
  entity: Schema.String,
  name: Schema.String
}) {
  override get message() {
    return `A ${this.entity} named ${JSON.stringify(this.name)} already exists.`
  }
}

export class InvalidCountry extends Schema.TaggedError<InvalidCountry>()("InvalidCountry", {
  code: Schema.String
}) {
  override get message() {
    return `Unknown country code ${JSON.stringify(this.code)}: expected an ISO 3166-1 alpha-2 code such as US or DE.`
  }
}

export class InvalidLanguage extends Schema.TaggedError<InvalidLanguage>()("InvalidLanguage", {
  code: Schema.String
}) {
  override get message() {
    return `Unknown language code ${JSON.stringify(this.code)}: expected an ISO 639-1 code such as en or de.`
  }
}

export class InvalidUrl extends Schema.TaggedError<InvalidUrl>()("InvalidUrl", {
  url: Schema.String
}) {
  override get message() {
    return `Invalid website ${JSON.stringify(this.url)}: expected an absolute http(s) URL such as https://example.com.`
  }
}

export class InvalidModel extends Schema.TaggedError<InvalidModel>()("InvalidModel", {
  model: Schema.String
}) {
  override get message() {
    return this.model === ""
      ? "No AI model given: expected one or more of chat_gpt, perplexity, bing_copilot, google_ai, gemini, grok, google_ai_mode."
      : `Unknown AI model ${JSON.stringify(this.model)}: expected one of chat_gpt, perplexity, bing_copilot, google_ai, gemini, grok, google_ai_mode.`
  }
}

export class InvalidDuration extends Schema.TaggedError<InvalidDuration>()("InvalidDuration", {
  value: Schema.String
}) {
  override get message() {
    return `Invalid interval ${JSON.stringify(this.value)}: expected a duration such as 30m, 6h, 24h or 7d (at least 1m, at most 365d).`
  }
}

export class InvalidValue extends Schema.TaggedError<InvalidValue>()("InvalidValue", {
  field: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `Invalid ${this.field}: ${this.reason}`
  }
}

export class InvalidCsvLine extends Schema.TaggedError<InvalidCsvLine>()("InvalidCsvLine", {
  line: Schema.Number,
  reason: Schema.String
}) {
  override get message() {
    return `CSV line ${this.line}: ${this.reason}`
  }
}

export class WebhookNotFound extends Schema.TaggedError<WebhookNotFound>()("WebhookNotFound", {
  webhookId: Schema.Number
}) {
  override get message() {
    return `Webhook ${this.webhookId} does not exist.`
  }
}
