/** jsonexport (react-admin's own CSV writer) ships no types; the part the report exporters use. */
declare module 'jsonexport/dist' {
  interface Options {
    headers?: string[];
    endOfLine?: string;
    /** Quote every field, not only those holding a comma, `\n` or `"`. */
    forceTextDelimiter?: boolean;
  }
  export default function jsonexport(
    data: object[],
    options: Options,
    callback: (error: Error | null, csv: string) => void,
  ): void;
}
