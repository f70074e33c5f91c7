import { MSG } from '@app/shared/messages';
import type { Provider, ProviderRequest } from '@app/shared/schemas/mail';
import { providerRequest } from '@app/shared/schemas/mail';
import { conflict, notFound } from '../../lib/http-error';
import type { MailboxesRepository } from './mailboxes-repository';
import type { ProviderRow, ProvidersRepository } from './providers-repository';

type Fields = ReturnType<typeof providerRequest.parse>;
const toApi = (row: ProviderRow): Provider => row;

export const providersService = ({ providers: repo, mailboxes }: { providers: ProvidersRepository; mailboxes: MailboxesRepository }) => {
  const get = async (id: number) => {
    const row = await repo.find(id);
    if (!row) throw notFound(MSG.providerNotFound);
    return row;
  };
  const refuseDuplicate = async (f: Fields, exceptId?: number) => {
    if (await repo.findSame(f.providerName, f.port, f.protocol, exceptId)) throw conflict(MSG.providerExists);
  };
  return {
    list: async () => (await repo.list()).map(toApi),
    get: async (id: number) => toApi(await get(id)),
    exists: async (name: string, port: number, protocol: string) => !!(await repo.findSame(name, port, protocol)),

    create: async (f: Fields) => {
      await refuseDuplicate(f);
      return toApi(await repo.create(f));
    },

    update: async (id: number, f: Fields) => {
      await get(id);
      await refuseDuplicate(f, id);
      const row = await repo.update(id, f);
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
