// Contact details on venue answers (spec §5): every venue an RPC answers with (GetVenue, CreateVenue, UpdateVenue,
// … and any venue answer added later) carries its main contact's name, title, phone and e-mail only for callers
// who may see contact details ('contact.view_details'); for the others they are emptied and
// contact_details_hidden is set (null in the JSON answers). Done once around the venue handlers, so no handler
// can forget it.
import type { HandlerContext } from '@venuebook/grpc';
import { seesContactDetails } from '../domain/contact-visibility.ts';

type Handler = (request: never, call: HandlerContext) => Promise<unknown>;

const HIDDEN = { contactName: '', contactTitle: '', contactPhone: '', contactEmail: '', contactDetailsHidden: true };

/** A response with every venue in it (a message with contactName, at the top level or in a list) hidden. */
function hideVenues(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  const out: Record<string, unknown> = { ...(response as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    if (Array.isArray(value))
      out[key] = value.map((item: unknown) => (item && typeof item === 'object' && 'contactName' in item ? { ...item, ...HIDDEN } : item));
    else if (value && typeof value === 'object' && 'contactName' in value) out[key] = { ...value, ...HIDDEN };
  }
  return out;
}

/** Wraps venue handlers so that their venue answers withhold contact details from callers who may not see them. */
export function hidingContactDetails<H extends Record<string, Handler>>(handlers: H): H {
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (request, call) => {
      const response = await handler(request, call);
      return call.caller && seesContactDetails(call.caller) ? response : hideVenues(response);
    };
  }
  return wrapped as H;
}
