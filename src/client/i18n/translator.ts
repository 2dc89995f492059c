/**
 * The interface's texts: one language at a time, its namespaces (one JSON file each under
 * src/locales/<language>/) and `t`. Keys and files follow i18next's v4 JSON format, which the
 * texts were written in: `ns:key`, nested keys joined with `.`, `{{name}}` placeholders and
 * plural forms as `key_zero`, `key_one`, `key_few`, `key_many`, `key_other` chosen by
 * Intl.PluralRules. Values are not HTML-escaped: React escapes what it prints.
 * Pure: the browser's loading and cookie live in i18n.ts, the React binding in react.tsx.
 */

/** One namespace's texts, as in its JSON file. */
export type Texts = Record<string, unknown>;
/** Namespaces of one language. */
export type Resources = Record<string, Texts>;

export interface TOptions {
  /** Chooses the plural form, and fills `{{count}}`. */
  count?: number;
  /** Answers the object or list under the key (its strings filled in) instead of a string. */
  returnObjects?: boolean;
  [placeholder: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export type LoadTexts = (language: string, namespace: string) => Promise<Texts>;

export const DEFAULT_NAMESPACE = 'common';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(texts: Texts | undefined, path: string): unknown {
  let node: unknown = texts;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function fill(value: unknown, options: TOptions): unknown {
  if (typeof value === 'string')
    return value.replace(PLACEHOLDER, (whole, name: string) => {
      const given = lookup(options, name);
      // A placeholder without a value stays as written, as i18next leaves it.
      return given === undefined || given === null ? whole : String(given);
    });
  if (Array.isArray(value)) return value.map((item) => fill(item, options));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, options)]));
  return value;
}

export class Translator {
  language: string;
  private readonly resources = new Map<string, Resources>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly used = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly bound = new Map<string, TFunction>();
  private readonly load: LoadTexts | undefined;
  /** Grows with every change of language or texts (for useSyncExternalStore). */
  version = 0;

  constructor(options: { language: string; resources?: Resources; load?: LoadTexts }) {
    this.language = options.language;
    this.load = options.load;
    if (options.resources)
      for (const [ns, texts] of Object.entries(options.resources))
        this.addTexts(options.language, ns, texts);
  }

  addTexts(language: string, namespace: string, texts: Texts): void {
    let namespaces = this.resources.get(language);
    if (!namespaces) this.resources.set(language, (namespaces = {}));
    namespaces[namespace] = texts;
    this.changed();
  }

  hasTexts(namespace: string, language = this.language): boolean {
    return this.resources.get(language)?.[namespace] !== undefined;
  }

  /** Namespaces present in a language. */
  namespacesOf(language = this.language): string[] {
    return Object.keys(this.resources.get(language) ?? {});
  }

  /**
   * Resolves once every namespace given is present in the language: undefined when they all are
   * already, else one promise per language and set of namespaces (the same one while it loads,
   * so Suspense can wait on it). A failed load is forgotten, so the next call tries again.
   */
  loadTexts(namespaces: readonly string[], language = this.language): Promise<void> | undefined {
    const missing = namespaces.filter((ns) => !this.hasTexts(ns, language));
    if (missing.length === 0) return undefined;
    const key = `${language}|${missing.join(',')}`;
    let promise = this.loading.get(key);
    if (!promise) {
      const load = this.load;
      promise = Promise.all(
        missing.map(async (ns) => {
          if (!load) throw new Error(`No texts for ${language}/${ns}`);
          this.addTexts(language, ns, await load(language, ns));
        }),
      ).then(
        () => void this.loading.delete(key),
        (error: unknown) => {
          this.loading.delete(key);
          throw error;
        },
      );
      this.loading.set(key, promise);
    }
    return promise;
  }

  /** Switches language once the namespaces present now are present in it too. */
  async changeLanguage(language: string): Promise<void> {
    await this.loadTexts(this.namespacesOf(), language);
    this.language = language;
    this.changed();
  }

  /** Notes namespaces a render asked for (the server sends only those texts with a page). */
  noteUsed(namespaces: readonly string[]): void {
    for (const ns of namespaces) this.used.add(ns);
  }

  usedNamespaces(): string[] {
    return [...this.used];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed(): void {
    this.version += 1;
    this.bound.clear();
    for (const listener of this.listeners) listener();
  }

  /** Whether a text is there for the key (`ns:key`, or in the default namespace). */
  exists(key: string, options: TOptions = {}): boolean {
    return this.find(key, DEFAULT_NAMESPACE, options) !== undefined;
  }

  /**
   * `t` for a namespace in the current language: the same function until the language or the
   * texts change. Keys without `ns:` are read from that namespace.
   */
  fixedT(namespace = DEFAULT_NAMESPACE): TFunction {
    let t = this.bound.get(namespace);
    if (!t) {
      t = ((key: string, options?: TOptions) =>
        this.translate(key, namespace, options)) as TFunction;
      this.bound.set(namespace, t);
    }
    return t;
  }

  t: TFunction = ((key: string, options?: TOptions) =>
    this.translate(key, DEFAULT_NAMESPACE, options)) as TFunction;

  private translate(key: string, namespace: string, options: TOptions = {}): unknown {
    const value = this.find(key, namespace, options);
    const plainKey = key.includes(':') ? key.slice(key.indexOf(':') + 1) : key;
    if (value === undefined) return plainKey;
    if (typeof value !== 'string' && !options.returnObjects) return plainKey;
    return fill(value, options);
  }

  private find(key: string, namespace: string, options: TOptions): unknown {
    const colon = key.indexOf(':');
    const ns = colon === -1 ? namespace : key.slice(0, colon);
    const path = colon === -1 ? key : key.slice(colon + 1);
    const texts = this.resources.get(this.language)?.[ns];
    const candidates: string[] = [];
    if (typeof options.count === 'number') {
      if (options.count === 0) candidates.push(`${path}_zero`);
      candidates.push(`${path}_${pluralForm(this.language, options.count)}`);
    }
    candidates.push(path);
    for (const candidate of candidates) {
      const value = lookup(texts, candidate);
      if (value !== undefined && value !== null) return value;
    }
    return undefined;
  }
}
