/**
 * Values remembered for a while, per database, at most `max` of them (the oldest go first). For
 * answers that cost a query and change slowly, where an answer that old is still a true one.
 */
export function rememberedPerDatabase<Value>(options: { ms: number; max: number }) {
  const memories = new WeakMap<object, Map<string, { at: number; value: Value }>>();
  const memoryOf = (database: object) => {
    let memory = memories.get(database);
    if (!memory) memories.set(database, (memory = new Map()));
    return memory;
  };
  return {
    /** The value remembered for `key` less than `ms` ago, if any. */
    get(database: object, key: string, now = Date.now()): Value | undefined {
      const memory = memoryOf(database);
      const entry = memory.get(key);
      if (!entry) return undefined;
      if (now - entry.at < options.ms) return entry.value;
      memory.delete(key);
      return undefined;
    },
    /** The value remembered for `key`, else the one `make` gives, remembered from now. */
    recall(database: object, key: string, make: () => Value, now = Date.now()): Value {
      const known = this.get(database, key, now);
      if (known !== undefined) return known;
      const value = make();
      this.set(database, key, value, now);
      return value;
    },
    set(database: object, key: string, value: Value, now = Date.now()) {
      const memory = memoryOf(database);
      memory.delete(key);
      memory.set(key, { at: now, value });
      if (memory.size > options.max) memory.delete(memory.keys().next().value!);
    },
  };
}
