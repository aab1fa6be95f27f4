import { createContext } from 'react';

/** The id of the shell's `<main>`, the target of the skip link. */
export const MAIN_CONTENT_ID = 'contenido-principal';

/**
 * True under the shell's `<main>`: a page that is also drawn on its own (the not-found page)
 * then opens no second main landmark.
 */
export const InsideMainContext = createContext(false);
