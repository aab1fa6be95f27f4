/** A person's document as one key, `TYPE:NUMBER` (without the database: the parsing worker uses it). */
export const documentKey = (type: string, number: string) => `${type}:${number}`;
