import { createContext, useContext } from 'react';

/** CSP nonce of the current response; empty in the browser, where it is not needed. */
const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
