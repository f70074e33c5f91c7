import { MSG } from '@app/shared/messages';
import type { Provider, ProviderRequest } from '@app/shared/schemas/mail';
import { providerRequest } from '@app/shared/schemas/mail';
import type { PageQuery } from '@app/shared/schemas/paging';
import { boundedOrPage } from '../../lib/bounded-list';
import { invalidField } from '../../lib/field-errors';
import { conflict, notFound } from '../../lib/http-error';
import { portNotAllowed, smtpPortAllowed } from './mailbox-rules';
import type { MailboxesRepository } from './mailboxes-repository';
import { isDuplicateProvider, type ProviderRow, type ProvidersRepository } from './providers-repository';

type Fields = ReturnType<typeof providerRequest.parse>;
const toApi = (row: ProviderRow): Provider => row;

export interface ProvidersDeps {
  providers: ProvidersRepository;
  mailboxes: MailboxesRepository;
  /** Ports beyond the SMTP ones a provider may name (SMTP_ALLOWED_PORTS): its port is copied into mailboxes. */
  smtpAllowedPorts: readonly number[];
}

export const providersService = ({ providers: repo, mailboxes, smtpAllowedPorts }: ProvidersDeps) => {
  const get = async (id: number) => {
    const row = await repo.find(id);
    if (!row) throw notFound(MSG.providerNotFound);
    return row;
  };
  const checkPort = (port: number) => {
    if (!smtpPortAllowed(port, smtpAllowedPorts)) throw invalidField('port', portNotAllowed(port));
  };
  // The check answers early with the message; two requests racing past it meet the unique index,
  // whose refusal gets the same answer.
  const refuseDuplicate = async (f: Fields, exceptId?: number) => {
    if (await repo.findSame(f.providerName, f.port, f.protocol, exceptId)) throw conflict(MSG.providerExists);
  };
  const duplicateAsConflict = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } catch (err) {
      if (isDuplicateProvider(err)) throw conflict(MSG.providerExists);
      throw err;
    }
  };
  return {
    /** The spec's plain array, bounded, or one page (lib/bounded-list.ts). */
    list: (q: PageQuery) =>
      boundedOrPage(
        q,
        async (limit, offset) => (await repo.list(limit, offset)).map(toApi),
        () => repo.count(),
      ),
    get: async (id: number) => toApi(await get(id)),
    exists: async (name: string, port: number, protocol: string) => !!(await repo.findSame(name, port, protocol)),

    create: async (f: Fields) => {
      checkPort(f.port);
      await refuseDuplicate(f);
      return toApi(await duplicateAsConflict(repo.create(f)));
    },

    update: async (id: number, f: Fields) => {
      await get(id);
      checkPort(f.port);
      await refuseDuplicate(f, id);
      const row = await duplicateAsConflict(repo.update(id, f));
      if (!row) throw notFound(MSG.providerNotFound);
      return toApi(row);
    },

    remove: async (id: number) => {
      await get(id);
      // The foreign key would refuse too; this answers with a message staff can act on.
      if (await mailboxes.usesProvider(id)) throw conflict(MSG.providerInUse);
      await repo.remove(id);
    },
  };
};
export type { ProviderRequest };
