/** Amounts as the screens write them ('$ 90.000', with a no-break space), as a whole text. */
export const pesos = (text: string) => new RegExp(`^\\$\\s${text.replace('.', '\\.')}$`);
