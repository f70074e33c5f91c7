import { MSG } from '@app/shared/messages';
import type {
  Intro,
  IntroResponse,
  Masthead,
  MastheadResponse,
  PublicSiteSettings,
  SiteSettings,
} from '@app/shared/schemas/content';
import { notFound } from '../../lib/http-error';
import type { ContentRepository, SettingsChange } from './repository';

/** A text whose every field is blank counts as "no text": the page then shows nothing. */
const orEmpty = <T extends Record<string, string>>(value: T | undefined): T | Record<string, never> =>
  value && Object.values(value).some((v) => v.trim() !== '') ? value : {};

export const contentService = (repo: ContentRepository) => {
  const settings = async (): Promise<SiteSettings> => {
    // Seeded at every start, so a missing row means the database was emptied by hand.
    const found = await repo.findSettings();
    if (!found) throw notFound(MSG.settingsNotFound);
    return found;
  };

  return {
    intro: async (): Promise<IntroResponse> => orEmpty(await repo.findIntro()),
    saveIntro: async (value: Intro): Promise<Intro> => {
      await repo.saveIntro(value);
      return value;
    },

    masthead: async (): Promise<MastheadResponse> => orEmpty(await repo.findMasthead()),
    saveMasthead: async (value: Masthead): Promise<Masthead> => {
      await repo.saveMasthead(value);
      return value;
    },

    settings,
    publicSettings: async (): Promise<PublicSiteSettings> => {
      const {
        contactRecipients: _hidden,
        confirmationEnabled: _off,
        confirmationText: _text,
        ...rest
      } = await settings();
      return rest;
    },
    /** The privacy and confirmation fields left out keep their stored values. */
    saveSettings: async (value: SettingsChange): Promise<SiteSettings> => {
      await repo.saveSettings(value);
      return settings();
    },
  };
};
