import { DEFAULT_MAIL_LANGUAGE, type MailLanguage } from '@app/domain';

/**
 * The language of a customer's mail from the nationality on the order (a country name as the
 * application form stores it, or its ISO 3166 alpha-3 code): the language most of that country
 * reads; English for every other nationality.
 */
const LANGUAGE_BY_NATIONALITY: Record<string, MailLanguage> = Object.fromEntries(
  (
    [
      ['th', ['THAILAND', 'THA']],
      ['zh', ['CHINA', 'CHN', 'TAIWAN', 'TWN', 'HONG KONG', 'HKG', 'MACAU', 'MACAO', 'MAC']],
      ['ja', ['JAPAN', 'JPN']],
      ['ko', ['SOUTH KOREA', 'KOREA', 'KOREA, REPUBLIC OF', 'REPUBLIC OF KOREA', 'KOR']],
      ['ru', ['RUSSIA', 'RUSSIAN FEDERATION', 'RUS', 'BELARUS', 'BLR', 'KAZAKHSTAN', 'KAZ', 'KYRGYZSTAN', 'KGZ']],
      ['fr', ['FRANCE', 'FRA', 'MONACO', 'MCO']],
      ['de', ['GERMANY', 'DEU', 'AUSTRIA', 'AUT', 'LIECHTENSTEIN', 'LIE']],
      [
        'es',
        [
          'SPAIN',
          'ESP',
          'MEXICO',
          'MEX',
          'ARGENTINA',
          'ARG',
          'COLOMBIA',
          'COL',
          'CHILE',
          'CHL',
          'PERU',
          'PER',
          'VENEZUELA',
          'VEN',
          'ECUADOR',
          'ECU',
          'URUGUAY',
          'URY',
        ],
      ],
    ] as const
  ).flatMap(([language, names]) => names.map((name) => [name, language])),
);

export const mailLanguageOfNationality = (nationality: string | null | undefined): MailLanguage =>
  LANGUAGE_BY_NATIONALITY[
    String(nationality ?? '')
      .trim()
      .toUpperCase()
  ] ?? DEFAULT_MAIL_LANGUAGE;
