import { contactInputFromProto, contactToProto, deletedContactGroupToProto } from '@venuebook/contracts/codecs/contacts';
import { listContactsQuerySchema, toFieldErrors } from '@venuebook/domain';
import { GrpcError } from '@venuebook/grpc';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { VenuesService } from '@venuebook/contracts/venues/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { ContactUseCases } from '../use-cases/contacts.ts';

type ContactMethods =
  | 'listVenueContacts'
  | 'listContacts'
  | 'listDeletedContacts'
  | 'addContact'
  | 'updateContact'
  | 'deleteContact'
  | 'restoreContact'
  | 'purgeContact'
  | 'listContactTags';

/** The gRPC face of the contacts: check the permission, run the use case, encode the reply (details withheld per caller there). */
export function createContactsHandlers(useCases: ContactUseCases): Pick<ServiceHandlers<typeof VenuesService>, ContactMethods> {
  return {
    async listVenueContacts(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return { contacts: (await useCases.listVenueContacts(caller, request.venueId)).map(contactToProto) };
    },

    async listContacts(request, call) {
      const caller = requirePermission(call, 'venue.view');
      const query = listContactsQuerySchema.safeParse({ q: request.query, page: request.page || undefined, pageSize: request.pageSize || undefined });
      if (!query.success) throw GrpcError.invalidArgument('Invalid request', toFieldErrors(query.error));
      const result = useCases.listContacts(caller, query.data);
      return { contacts: result.items.map(contactToProto), total: result.total, page: result.page, pageSize: result.pageSize };
    },

    async listDeletedContacts(_request, call) {
      const caller = requirePermission(call, 'contact.view_deleted');
      return { groups: (await useCases.listDeletedContacts(caller)).map(deletedContactGroupToProto) };
    },

    async addContact(request, call) {
      const caller = requirePermission(call, 'contact.create');
      return { contact: contactToProto(await useCases.addContact(caller, request.venueId, contactInputFromProto(request.contact))) };
    },

    async updateContact(request, call) {
      const caller = requirePermission(call, 'contact.edit');
      return { contact: contactToProto(await useCases.updateContact(caller, request.id, contactInputFromProto(request.contact))) };
    },

    async deleteContact(request, call) {
      const caller = requirePermission(call, 'contact.delete');
      return { contact: contactToProto(await useCases.deleteContact(caller, request.id)) };
    },

    async restoreContact(request, call) {
      const caller = requirePermission(call, 'contact.restore');
      return { contact: contactToProto(await useCases.restoreContact(caller, request.id)) };
    },

    async purgeContact(request, call) {
      const caller = requirePermission(call, 'contact.purge');
      await useCases.purgeContact(caller, request.id);
      return {};
    },

    async listContactTags(_request, call) {
      requirePermission(call, 'venue.view');
      return { tags: useCases.listContactTags() };
    },
  };
}
