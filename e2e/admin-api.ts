/**
 * The API as a signed-in administrator, for arranging what a test needs (and checking what the
 * product stored) without going through screens that other tests cover.
 *
 * It is what the web app's API client does (apps/web/src/lib/api-client.ts): the bearer token on
 * every call, and the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header on every change.
 */
import crypto from 'node:crypto';
import { expect, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { ROLE_USER, type RoleName } from '@app/shared/constants';
import type { LoginResponse } from '@app/shared/schemas/auth';
import type { CreateUserRequest, Role, User } from '@app/shared/schemas/users';
import type { ImageWords, Post, PostForm } from '@app/shared/schemas/posts';
import type { CreateVacancyRequest, Vacancy, VacancyPage } from '@app/shared/schemas/vacancies';
import type {
  ContactMessageListItem as ContactMessage,
  Mailbox,
  MailboxFormInput,
  MailboxListItem,
  MailLog,
  MessagesPage,
  Provider,
  ProviderRequest,
} from '@app/shared/schemas/mail';
import type { SiteSettings } from '@app/shared/schemas/content';
import { MAIL_FIELDS } from '@app/shared/schemas/contact';
import { brusselsDate } from '@app/shared/brussels';
import type { CandidatePage } from '@app/shared/schemas/candidates';
import { ADMIN } from './env';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
  /** The image's alt text, as the create screen asks for it. */
  alt?: string;
}
export interface ContactSubmission {
  fullName: string;
  email: string;
  phoneNumber?: string;
  message: string;
  vacancyId?: number;
  file?: { name: string; mimeType: string; buffer: Buffer };
  /** The visitor's language, as the page's Accept-Language sends it (the API answers and stores it). */
  language?: string;
}

/** A unique suffix so tests never collide with each other's data. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let visitor = 0;

export class AdminApi {
  private constructor(
    /** The request context: cookies (XSRF-TOKEN) live here. */
    readonly request: APIRequestContext,
    readonly token: string,
    private readonly xsrf: string,
  ) {}

  /** Signs in through POST /api/login (once per worker: the fixture keeps the instance). */
  static async signIn(requests: APIRequest, baseURL: string): Promise<AdminApi> {
    const request = await requests.newContext({ baseURL });
    await request.get('/config.json'); // hands out the XSRF-TOKEN cookie (as to the browser app)
    const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (!xsrf) throw new Error('The server handed out no XSRF-TOKEN cookie');
    const res = await request.post('/api/login', {
      data: { username: ADMIN.email, password: ADMIN.password },
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    if (!res.ok()) throw new Error(`Admin sign-in through the API failed: ${res.status()} ${await res.text()}`);
    const { user } = (await res.json()) as LoginResponse;
    return new AdminApi(request, user.token, decodeURIComponent(xsrf));
  }

  dispose = () => this.request.dispose();

  /** Any call, answered as it came (for status checks). */
  fetch(
    method: Method,
    path: string,
    options: { data?: unknown; multipart?: FormData; headers?: Record<string, string> } = {},
  ): Promise<APIResponse> {
    return this.request.fetch(`/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(method === 'GET' ? {} : { 'x-xsrf-token': this.xsrf }),
        ...options.headers,
      },
      ...(options.multipart
        ? { multipart: options.multipart }
        : options.data === undefined
          ? {}
          : { data: options.data }),
    });
  }

  /** A call that must answer `status`; its JSON body. */
  async call<T>(
    method: Method,
    path: string,
    status: number,
    options: Parameters<AdminApi['fetch']>[2] = {},
  ): Promise<T> {
    const res = await this.fetch(method, path, options);
    expect(res.status(), `${method} /api${path}: ${await res.text()}`).toBe(status);
    return (await res.json().catch(() => undefined)) as T;
  }

  // ---------------------------------------------------------------- users

  roles = () => this.call<Role[]>('GET', '/roles', 200);
  users = () => this.call<User[]>('GET', '/users/all', 200);

  async createUser(email: string, password: string, role: RoleName = ROLE_USER): Promise<User> {
    const roleId = (await this.roles()).find((r) => r.name === role)!.id;
    const body: CreateUserRequest = { email, password, roleIds: [roleId] };
    return this.call<User>('POST', '/users/create', 201, { data: body });
  }

  // ---------------------------------------------------------------- posts

  /**
   * Creates a post, with these image files (multipart, as the create screen sends it) and, when one
   * has alt text, the words of each image in their order.
   */
  async createPost(post: Partial<PostForm> & { images?: ImageFile[] } = {}): Promise<Post> {
    const { images = [], ...fields } = post;
    const body: PostForm & { postImages?: ImageWords[] } = {
      name: `Post ${unique()}`,
      content: 'The content of a post written by the end-to-end tests.',
      postedBy: 'E2E Author',
      tags: [],
      ...fields,
      ...(images.some((i) => i.alt) ? { postImages: images.map(({ alt = '' }) => ({ alt, caption: '' })) } : {}),
    };
    const form = new FormData();
    form.append('post', JSON.stringify(body));
    for (const image of images)
      form.append('imageFiles', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
    return this.call<Post>('POST', '/posts', 201, { multipart: form });
  }

  deletePost = (id: number) => this.call('DELETE', `/posts/${id}`, 200);

  // ---------------------------------------------------------------- vacancies

  async createVacancy(vacancy: Partial<CreateVacancyRequest> = {}): Promise<Vacancy> {
    const u = unique();
    const body: CreateVacancyRequest = {
      title: `Vacancy ${u}`,
      expectation: `Expectation ${u}`,
      function: `Function ${u}`,
      description: `Description ${u}`,
      offer: `Offer ${u}`,
      ...vacancy,
    };
    return this.call<Vacancy>('POST', '/vacancy', 201, { data: body });
  }

  /** The public list: open vacancies whose closing date has not passed. */
  vacancies = () => this.call<Vacancy[]>('GET', '/vacancy', 200);
  /** Every vacancy, closed and expired ones too (what the back office lists), read page by page. */
  async allVacancies(): Promise<Vacancy[]> {
    const all: Vacancy[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await this.call<VacancyPage>('GET', `/vacancy/staff?page=${page}&pageSize=100`, 200);
      all.push(...items);
      if (!items.length || all.length >= total) return all;
    }
  }
  vacancy = (id: number) => this.call<Vacancy>('GET', `/vacancy/${id}`, 200);
  deleteVacancy = (id: number) => this.call('DELETE', `/vacancy/${id}`, 200);

  // ---------------------------------------------------------------- candidates

  /**
   * A candidate who applied with a CV for a new vacancy, with an interview in three days whose one
   * interviewer is the staff member with `interviewerEmail`: what the candidate page and the
   * interviewer's page show whole. Answers the candidate's id.
   */
  async interviewedCandidate(interviewerEmail: string): Promise<number> {
    const vacancy = await this.createVacancy();
    const u = unique();
    await this.submitContactMessage({
      fullName: `Robin ${u}`,
      email: `robin.${u}@visitor.example`,
      message: 'I would like to join the team.',
      vacancyId: vacancy.id,
      file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    });
    const candidate = (await this.call<CandidatePage>('GET', `/candidates?vacancy=${vacancy.id}`, 200)).items[0]!;
    const interviewer = (await this.users()).find((user) => user.email === interviewerEmail)!;
    await this.call('POST', `/candidates/${candidate.id}/interviews`, 201, {
      data: {
        startsAt: `${brusselsDate(new Date(Date.now() + 3 * 86_400_000))}T14:00`,
        durationMinutes: 60,
        location: 'Antwerp office',
        videoLink: '',
        interviewerIds: [interviewer.userId],
      },
    });
    return candidate.id;
  }

  // ---------------------------------------------------------------- settings

  settings = () => this.call<SiteSettings>('GET', '/settings/admin', 200);

  // ---------------------------------------------------------------- mail: providers and mailboxes

  providers = () => this.call<Provider[]>('GET', '/providers/all', 200);
  provider = (id: number) => this.call<Provider>('GET', `/providers/${id}`, 200);

  async createProvider(provider: Partial<ProviderRequest> = {}): Promise<Provider> {
    const u = unique();
    const body: ProviderRequest = {
      providerName: `Provider ${u}`,
      host: `smtp-${u}.example`,
      port: 2525,
      protocol: 'smtp',
      connectionTimeout: 5000,
      timeout: 5000,
      writeTimeout: 5000,
      ...provider,
    };
    return this.call<Provider>('POST', '/providers/create', 201, { data: body });
  }

  updateProvider = (id: number, body: ProviderRequest) =>
    this.call<Provider>('PUT', `/providers/${id}`, 200, { data: body });
  deleteProvider = (id: number) => this.call('DELETE', `/providers/${id}`, 200);

  mailboxes = () => this.call<MailboxListItem[]>('GET', '/mailboxes/all', 200);
  mailbox = (id: number) => this.call<Mailbox>('GET', `/mailboxes/${id}`, 200);

  createMailbox = (body: MailboxFormInput) => this.call<Mailbox>('POST', '/mailboxes/create', 201, { data: body });
  /** Replaces a mailbox's settings (an absent password keeps the stored one). */
  putMailbox = (id: number, body: MailboxFormInput) =>
    this.call<Mailbox>('PUT', `/mailboxes/${id}/update`, 200, { data: body });
  deleteMailbox = (id: number) => this.call('DELETE', `/mailboxes/${id}`, 200);

  /** The settings of a mailbox as the update call takes them back. */
  static formOf(m: Mailbox): MailboxFormInput {
    const { id: _id, hasPassword: _hasPassword, ...form } = m;
    return form;
  }

  // ---------------------------------------------------------------- mail: messages and log

  /** The newest 100 received messages (the list is paged: docs/decisions/0143-staff-lists-paged.md). */
  messages = async (): Promise<ContactMessage[]> =>
    (await this.call<MessagesPage>('GET', '/messages?pageSize=100', 200)).items;
  resendMessage = (id: number) => this.call('POST', `/messages/${id}/resend`, 200);
  /** The newest 100 rows of the mail log (the plain list's bound). */
  mailLogs = () => this.call<MailLog[]>('GET', '/mail-logs', 200);
  deleteMailLog = (id: number) => this.call('DELETE', `/mail-logs/${id}`, 200);

  /** Waits until the stored message of this sender reached one of `statuses`; answers it. */
  async messageOf(email: string, statuses: ContactMessage['status'][] = ['sent']): Promise<ContactMessage> {
    let found: ContactMessage | undefined;
    await expect
      .poll(async () => (found = (await this.messages()).find((m) => m.email === email))?.status, {
        message: `message of ${email} reaches ${statuses.join(' or ')}`,
        timeout: 20_000,
      })
      .toMatch(new RegExp(`^(${statuses.join('|')})$`));
    return found!;
  }

  /**
   * Sends the contact form as a visitor does (POST /api/contact, multipart, with a solved captcha).
   * Each call comes from its own visitor address (X-Forwarded-For; the e2e site trusts its proxy),
   * since the form allows a few messages per address only.
   */
  async submitContactMessage(message: ContactSubmission): Promise<{ id: number }> {
    const form = new FormData();
    form.append('fullName', message.fullName);
    form.append('email', message.email);
    form.append('phoneNumber', message.phoneNumber ?? '');
    form.append('message', message.message);
    if (message.vacancyId !== undefined) form.append(MAIL_FIELDS.vacancyId, String(message.vacancyId));
    if (message.file)
      form.append(
        MAIL_FIELDS.file,
        new Blob([new Uint8Array(message.file.buffer)], { type: message.file.mimeType }),
        message.file.name,
      );
    form.append(MAIL_FIELDS.captcha, await this.solveCaptcha());
    const res = await this.request.post('/api/contact', {
      multipart: form,
      headers: {
        'x-xsrf-token': this.xsrf,
        'x-forwarded-for': `198.51.100.${(visitor++ % 250) + 1}`,
        ...(message.language ? { 'accept-language': message.language } : {}),
      },
    });
    expect(res.status(), `POST /api/contact: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number };
  }

  /** Solves the site's ALTCHA proof of work (cheap with the e2e difficulty), as the widget does. */
  private async solveCaptcha(): Promise<string> {
    const c = (await (await this.request.get('/api/captcha/challenge')).json()) as {
      algorithm: string;
      challenge: string;
      maxnumber?: number;
      salt: string;
      signature: string;
    };
    const hash = c.algorithm.replace('-', '').toLowerCase();
    for (let number = 0; number <= (c.maxnumber ?? 1_000_000); number++) {
      if (
        crypto
          .createHash(hash)
          .update(c.salt + number)
          .digest('hex') === c.challenge
      )
        return Buffer.from(
          JSON.stringify({
            algorithm: c.algorithm,
            challenge: c.challenge,
            number,
            salt: c.salt,
            signature: c.signature,
          }),
        ).toString('base64');
    }
    throw new Error('captcha challenge without a solution');
  }
}
