import { countries, getCountryData, getEmojiFlag, languages } from "countries-list"
import type { TCountryCode, TLanguageCode } from "countries-list"
import * as Arr from "effect/Array"
import * as Option from "effect/Option"
import * as Record from "effect/Record"

export type CountryRow = {
  readonly code: string
  readonly alt_code: string
  readonly name: string
  readonly native_name: string
  readonly flag: string
}

export type LanguageRow = {
  readonly code: string
  readonly name: string
  readonly native_name: string
  readonly flag: string
}


const isCountryCode = (code: string): code is TCountryCode => code in countries

/** Every ISO 3166-1 country of the countries-list package, with its alpha-3 code and flag. */
export const countryRows = (): ReadonlyArray<CountryRow> =>
  Arr.filterMap(Record.keys(countries), (code) =>
    isCountryCode(code)
      ? Option.some({
        code,
        alt_code: getCountryData(code).iso3,
        name: countries[code].name,
        native_name: countries[code].native,
        flag: getEmojiFlag(code)
      })
      : Option.none())

/**
 * A language has no flag of its own; we show the flag of the region CLDR considers most likely for
 * it (`Intl.Locale#maximize`: en -> US, pt -> BR, de -> DE), falling back to the first country that
 * lists the language, and to a white flag for languages with no country (Esperanto, Latin, ...).
 */
const languageFlag = (code: string): string => {
  const region = new Intl.Locale(code).maximize().region
  if (region !== undefined && isCountryCode(region)) return getEmojiFlag(region)
  const speaker = Arr.findFirst(
    Record.keys(countries),
    (country) => isCountryCode(country) && countries[country].languages.some((l) => l === code)
  )
  return Option.match(speaker, {
    onNone: () => "\u{1F3F3}\u{FE0F}",
    onSome: (country) => (isCountryCode(country) ? getEmojiFlag(country) : "\u{1F3F3}\u{FE0F}")
  })
}

const isLanguageCode = (code: string): code is TLanguageCode => code in languages

/** Every ISO 639-1 language of the countries-list package. */
export const languageRows = (): ReadonlyArray<LanguageRow> =>
  Arr.filterMap(Record.keys(languages), (code) =>
    isLanguageCode(code)
      ? Option.some({ code, name: languages[code].name, native_name: languages[code].native, flag: languageFlag(code) })
      : Option.none())
