/** The browser's view of a wire type: the same fields with camelCase keys. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? Camel<K> : K]: CamelCased<T[K]> }
    : T;
