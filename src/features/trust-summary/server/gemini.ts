import { onFirstUse } from '../../../server/on-first-use';

/** The model's settings (GEMINI_* in the environment, docs/trust-summary.md). */
export interface GeminiConfig {
  apiKey: string;
  model: string;
  /** A proxy or, in tests, a local fake of the `generateContent` endpoint. */
  baseUrl?: string | undefined;
  /** One call's time-out; 30 s unless set. */
  timeoutMs?: number | undefined;
  /** Summaries the whole site may make in a UTC day. */
  dailyLimit?: number | undefined;
}

/** A web page the model grounded its answer in, as the model reported it. */
export interface GroundingPage {
  uri?: string | undefined;
  title?: string | undefined;
}

export interface ModelAnswer {
  text: string;
  pages: GroundingPage[];
}

/** Asks the model once with Google Search grounding; throws on any failure, time-out included. */
export type AskModel = (prompt: string) => Promise<ModelAnswer>;

export const DEFAULT_TIMEOUT_MS = 30_000;

export class ModelTimeout extends Error {
  constructor(ms: number) {
    super(`The model did not answer within ${ms} ms.`);
    this.name = 'ModelTimeout';
  }
}

/** The Gemini client: one attempt per call (each costs money), cut off at the time-out. */
export function geminiModel(config: GeminiConfig): AskModel {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = onFirstUse(async () => {
    const { GoogleGenAI } = await import('@google/genai');
    return new GoogleGenAI({
      apiKey: config.apiKey,
      httpOptions: {
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
        timeout: timeoutMs,
        retryOptions: { attempts: 1 },
      },
    });
  });
  return async (prompt) => {
    const ai = await client();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ModelTimeout(timeoutMs));
      }, timeoutMs);
    });
    try {
      const response = await Promise.race([
        ai.models.generateContent({
          model: config.model,
          contents: prompt,
          config: { tools: [{ googleSearch: {} }], abortSignal: controller.signal },
        }),
        timedOut,
      ]);
      const candidate = response.candidates?.[0];
      const pages = (candidate?.groundingMetadata?.groundingChunks ?? []).flatMap((chunk) =>
        chunk.web ? [{ uri: chunk.web.uri, title: chunk.web.title }] : [],
      );
      return { text: response.text ?? '', pages };
    } finally {
      clearTimeout(timer);
    }
  };
}
