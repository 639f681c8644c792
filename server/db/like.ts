/** `%`, `_` and `\` typed by a user match themselves in LIKE/ILIKE (whose escape character is `\`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)
