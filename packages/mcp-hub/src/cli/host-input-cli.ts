import { type HostInput, SamplingDeclined } from '../features/host-input.js';

export const ELICITATION_MODES = ['decline', 'defaults'] as const;
export type ElicitationMode = (typeof ELICITATION_MODES)[number];

/**
 * The command line has no one to show a form to or to approve a model call: it declines both and
 * says why on stderr (the server hears a decline, or a sampling refusal carrying the reason).
 * `--elicitation defaults` accepts each form with its own defaults instead, for scripted use.
 */
export function cliHostInput(mode: ElicitationMode, err: (text: string) => void): HostInput {
  return {
    elicit: async (request) => {
      if (mode === 'defaults') {
        err(`${request.server} asked: ${request.message} — accepted with the form's defaults`);
        return { action: 'accept', content: {} };
      }
      err(
        `${request.server} asked: ${request.message} — declined: boocode mcp cannot show a form; answer it in the BooCode page, or pass --elicitation defaults to accept its defaults`,
      );
      return { action: 'decline' };
    },
    sample: async (request) => {
      const reason = `boocode mcp has no model and no one to approve a request for one; run the call from the BooCode page to allow ${request.server} to sample`;
      err(`${request.server} asked for a model completion — declined: ${reason}`);
      throw new SamplingDeclined(`sampling declined: ${reason}`);
    },
  };
}
