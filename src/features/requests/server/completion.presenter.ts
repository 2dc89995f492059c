import { displayFilename } from '../attachments.rules';
import type { CompletionResponse, CompletionStepView } from '../completion.schema';
import type { RequestFacts } from '../requests.rules';
import type { CompletionStepRow } from './completion.repo';

/** Who wrote a step, by their side of the hire: never a name or a contact detail. */
function authorRole(
  step: CompletionStepRow,
  facts: RequestFacts,
): CompletionStepView['author_role'] {
  if (step.kind === 'decision') return 'administrator';
  if (step.authorId === null) return null;
  return step.authorId === facts.clientId ? 'client' : 'provider';
}

export const presentCompletionStep = (
  step: CompletionStepRow,
  facts: RequestFacts,
): CompletionStepView => ({
  id: step.id,
  kind: step.kind,
  author_role: authorRole(step, facts),
  reason: step.reason,
  note: step.note,
  created_at: step.createdAt.toISOString(),
  files: step.files.map((file) => ({
    id: file.id,
    filename: displayFilename(file.filename),
    mime_type: file.mimeType,
    size_bytes: file.sizeBytes,
  })),
});

export const presentCompletion = (found: {
  facts: RequestFacts;
  steps: CompletionStepRow[];
  autoCompletesAt: Date | null;
}): CompletionResponse => ({
  status: found.facts.status,
  auto_completes_at: found.autoCompletesAt?.toISOString() ?? null,
  steps: found.steps.map((step) => presentCompletionStep(step, found.facts)),
});
