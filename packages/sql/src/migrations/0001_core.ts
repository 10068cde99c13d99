import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * The whole model. Keys and indexes are laid out for ~10M responses: every API query is driven by
 * (brand_id | prompt_id, collected_at) range scans, and the per-response fact tables carry the few
 * denormalised, immutable columns they are filtered by (brand, prompt, engine, collected_at) so
 * that aggregates never join back through all responses of a brand.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE countries (
      code        text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
      alt_code    text NOT NULL UNIQUE CHECK (alt_code ~ '^[A-Z]{3}$'),
      name        text NOT NULL,
      native_name text NOT NULL,
      flag        text NOT NULL
    )`

  yield* sql`
    CREATE TABLE languages (
      code        text PRIMARY KEY CHECK (code ~ '^[a-z]{2,3}$'),
      name        text NOT NULL,
      native_name text NOT NULL,
      flag        text NOT NULL
    )`

  yield* sql`
    CREATE TABLE workspaces (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name       text NOT NULL UNIQUE CHECK (btrim(name) <> ''),
      created_at timestamptz NOT NULL DEFAULT now()
    )`

  yield* sql`
    CREATE TABLE brands (
      id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      workspace_id  bigint NOT NULL REFERENCES workspaces (id),
      name          text NOT NULL CHECK (btrim(name) <> ''),
      website       text NOT NULL,
      country_code  text NOT NULL REFERENCES countries (code),
      language_code text NOT NULL REFERENCES languages (code),
      display_name  text NOT NULL,
      description   text NOT NULL DEFAULT '',
      key_features  text[] NOT NULL DEFAULT '{}',
      aliases       text[] NOT NULL DEFAULT '{}',
      created_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (workspace_id, name),
      UNIQUE (id, workspace_id)
    )`

  yield* sql`
    CREATE TABLE competitors (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      brand_id   bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      name       text NOT NULL CHECK (btrim(name) <> ''),
      website    text NOT NULL,
      aliases    text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (brand_id, name)
    )`

  yield* sql`
    CREATE TABLE prompt_groups (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      brand_id   bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      name       text NOT NULL CHECK (btrim(name) <> ''),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (brand_id, name),
      UNIQUE (id, brand_id)
    )`

  yield* sql`
    CREATE TABLE prompts (
      id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      brand_id         bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      group_id         bigint,
      text             text NOT NULL CHECK (btrim(text) <> ''),
      engines          text[] NOT NULL
        DEFAULT ARRAY['chat_gpt','perplexity','bing_copilot','google_ai','gemini','grok','google_ai_mode']
        CHECK (engines <@ ARRAY['chat_gpt','perplexity','bing_copilot','google_ai','gemini','grok','google_ai_mode']
               AND cardinality(engines) > 0),
      interval_seconds integer NOT NULL DEFAULT 86400 CHECK (interval_seconds >= 60),
      next_run_at      timestamptz NOT NULL DEFAULT now(),
      active           boolean NOT NULL DEFAULT true,
      created_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (brand_id, text),
      UNIQUE (id, brand_id),
      FOREIGN KEY (group_id, brand_id) REFERENCES prompt_groups (id, brand_id)
    )`
  yield* sql`CREATE INDEX prompts_brand_group ON prompts (brand_id, group_id)`
  yield* sql`CREATE INDEX prompts_due ON prompts (next_run_at) WHERE active`

  // One collected answer. The own brand's analysis lives on the row (the response list reads it
  // for every item); competitors' mentions are in response_mentions.
  yield* sql`
    CREATE TABLE responses (
      id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      brand_id          bigint NOT NULL,
      prompt_id         bigint NOT NULL,
      engine            text NOT NULL CHECK (engine IN
        ('chat_gpt','perplexity','bing_copilot','google_ai','gemini','grok','google_ai_mode')),
      model             text,
      collected_at      timestamptz NOT NULL,
      response_markdown text NOT NULL,
      response_text     text NOT NULL,
      idempotency_key   text NOT NULL UNIQUE,
      brand_mentioned   boolean NOT NULL DEFAULT false,
      brand_position    integer CHECK (brand_position >= 1),
      brand_sentiment   numeric(5, 2) CHECK (brand_sentiment BETWEEN 0 AND 100),
      analysed_at       timestamptz NOT NULL DEFAULT now(),
      created_at        timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (prompt_id, brand_id) REFERENCES prompts (id, brand_id) ON DELETE CASCADE,
      CHECK (brand_mentioned = (brand_position IS NOT NULL)),
      CHECK (brand_mentioned = (brand_sentiment IS NOT NULL))
    )`
  yield* sql`CREATE INDEX responses_prompt_time ON responses (prompt_id, collected_at DESC, id DESC)`
  yield* sql`CREATE INDEX responses_brand_time ON responses (brand_id, collected_at)`
  yield* sql`CREATE INDEX responses_brand_engine_time ON responses (brand_id, engine, collected_at)`

  // The provider's raw payload, kept as evidence and for re-analysis; separate so the hot
  // responses heap stays narrow.
  yield* sql`
    CREATE TABLE response_payloads (
      response_id bigint PRIMARY KEY REFERENCES responses (id) ON DELETE CASCADE,
      payload     jsonb NOT NULL
    )`

  yield* sql`
    CREATE TABLE response_mentions (
      response_id   bigint NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
      competitor_id bigint NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
      prompt_id     bigint NOT NULL,
      engine        text NOT NULL,
      collected_at  timestamptz NOT NULL,
      position      integer NOT NULL CHECK (position >= 1),
      sentiment     numeric(5, 2) NOT NULL CHECK (sentiment BETWEEN 0 AND 100),
      PRIMARY KEY (response_id, competitor_id)
    )`
  yield* sql`CREATE INDEX response_mentions_competitor_time ON response_mentions (competitor_id, collected_at)`
  yield* sql`CREATE INDEX response_mentions_prompt_time ON response_mentions (prompt_id, collected_at)`

  yield* sql`
    CREATE TABLE domains (
      id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      domain text NOT NULL UNIQUE
    )`

  yield* sql`
    CREATE TABLE urls (
      id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      domain_id bigint NOT NULL REFERENCES domains (id),
      url       text NOT NULL UNIQUE
    )`
  yield* sql`CREATE INDEX urls_domain ON urls (domain_id)`

  yield* sql`
    CREATE TABLE response_citations (
      response_id  bigint NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
      url_id       bigint NOT NULL REFERENCES urls (id),
      domain_id    bigint NOT NULL REFERENCES domains (id),
      brand_id     bigint NOT NULL,
      prompt_id    bigint NOT NULL,
      engine       text NOT NULL,
      collected_at timestamptz NOT NULL,
      ordinal      integer NOT NULL,
      PRIMARY KEY (response_id, url_id)
    )`
  yield* sql`CREATE INDEX response_citations_brand_time ON response_citations (brand_id, collected_at)`
  yield* sql`CREATE INDEX response_citations_brand_domain ON response_citations (brand_id, domain_id, collected_at)`
  yield* sql`CREATE INDEX response_citations_brand_url ON response_citations (brand_id, url_id, collected_at)`
  yield* sql`CREATE INDEX response_citations_prompt_time ON response_citations (prompt_id, collected_at)`

  yield* sql`
    CREATE TABLE response_search_queries (
      response_id  bigint NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
      query        text NOT NULL,
      prompt_id    bigint NOT NULL,
      engine       text NOT NULL,
      collected_at timestamptz NOT NULL,
      ordinal      integer NOT NULL,
      PRIMARY KEY (response_id, query)
    )`
  yield* sql`CREATE INDEX response_search_queries_prompt_time ON response_search_queries (prompt_id, collected_at)`

  // One plan per prompt, refreshed in place (its id is stable) after the prompt's runs.
  yield* sql`
    CREATE TABLE action_plans (
      id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      brand_id         bigint NOT NULL,
      prompt_id        bigint NOT NULL UNIQUE,
      insights_summary text NOT NULL,
      generated_at     timestamptz NOT NULL,
      created_at       timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (prompt_id, brand_id) REFERENCES prompts (id, brand_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX action_plans_brand_generated ON action_plans (brand_id, generated_at DESC, id DESC)`

  yield* sql`
    CREATE TABLE actions (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      action_plan_id bigint NOT NULL REFERENCES action_plans (id) ON DELETE CASCADE,
      ordinal        integer NOT NULL,
      title          text NOT NULL,
      description    text NOT NULL,
      priority       text NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
      category       text NOT NULL,
      evidence       jsonb NOT NULL DEFAULT '{}',
      created_at     timestamptz NOT NULL DEFAULT now(),
      UNIQUE (action_plan_id, ordinal)
    )`

  yield* sql`
    CREATE TABLE api_keys (
      id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      workspace_id          bigint NOT NULL REFERENCES workspaces (id),
      brand_id              bigint,
      name                  text NOT NULL CHECK (btrim(name) <> ''),
      prefix                text NOT NULL,
      key_hash              text NOT NULL UNIQUE,
      rate_limit_per_minute integer CHECK (rate_limit_per_minute > 0),
      created_at            timestamptz NOT NULL DEFAULT now(),
      expires_at            timestamptz NOT NULL,
      revoked_at            timestamptz,
      last_used_at          timestamptz,
      FOREIGN KEY (brand_id, workspace_id) REFERENCES brands (id, workspace_id)
    )`
  yield* sql`CREATE INDEX api_keys_workspace ON api_keys (workspace_id)`
})
