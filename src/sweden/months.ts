// The months' names in Swedish, lower case as written inside a sentence ("Hyra januari 2027").
export const SWEDISH_MONTHS = [
  "januari",
  "februari",
  "mars",
  "april",
  "maj",
  "juni",
  "juli",
  "augusti",
  "september",
  "oktober",
  "november",
  "december",
] as const;

/** "januari 2027" for any day of January 2027 (YYYY-MM-DD or YYYY-MM). */
export function swedishMonth(date: string): string {
  return `${SWEDISH_MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}
