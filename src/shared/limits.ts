/** Text bounds and limits from spec core §5 and §9, one place for server and browser. */
export const LIMITS = {
  name: { min: 2, max: 100 },
  password: { min: 8 },
  phone: { min: 8 },
  requestTitle: { min: 5, max: 200 },
  requestDescription: { min: 10, max: 2000 },
  bidDescription: { min: 10, max: 1000 },
  contactSubject: { min: 5, max: 200 },
  contactMessage: { min: 10, max: 2000 },
  /** What a search box, a town filter or an administrator's filter may hold (characters). */
  searchText: { max: 200 },
  experienceYears: { min: 0, max: 100 },
  attachments: { maxFiles: 5, maxBytes: 5 * 1024 * 1024 },
  /** Conversations (docs/conversations.md): a message's text, a report's note, a page of messages. */
  messages: { textMax: 2000, reportNoteMax: 1000, pageSize: 50, threadsPageSize: 20 },
  profilePicture: { maxBytes: 5 * 1024 * 1024 },
  homeLatestRequests: 6,
  browsePageSize: 100,
  adminPageSize: 10,
  notificationMs: 5000,
} as const;
