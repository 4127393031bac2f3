/** The preferred currency is kept on the device (SPEC §7). */
export const currencyStorageKey = 'currency';
