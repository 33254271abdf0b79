/** A page's storage for tests: a plain map with localStorage's two methods (the browser tests use the real one). */
export const memoryStorage = (): Pick<Storage, 'getItem' | 'setItem'> => {
  const kept = new Map<string, string>();
  return {
    getItem: (key) => kept.get(key) ?? null,
    setItem: (key, value) => void kept.set(key, value),
  };
};
