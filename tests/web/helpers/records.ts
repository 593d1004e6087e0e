import type { FolderNode, RecordRow, SharedRecord } from '../../../contracts/records';
import type { Reply } from './api-server';

/** Complete records-workspace objects (contracts/records.ts) for tests; override what the test is about. */

export function folderNode(id: number, name: string, ancestors: string, overrides: Partial<FolderNode> = {}): FolderNode {
  return {
    id,
    name,
    parentId: Number(ancestors.split(',').at(-1)),
    ancestors,
    isDefault: false,
    recordCount: 0,
    children: [],
    ...overrides,
  };
}

export function recordRow(id: number, overrides: Partial<RecordRow> = {}): RecordRow {
  return {
    id,
    name: `Record ${id}`,
    type: 'transcription',
    status: 'transcription_completed',
    duration: 125,
    createTime: Date.UTC(2026, 0, 15, 9, 30),
    updateTime: Date.UTC(2026, 0, 15, 10, 0),
    folderId: 11,
    favourite: false,
    shared: false,
    allowCopy: false,
    shareExpiresAt: null,
    audioLanguage: 'en-US',
    translationLanguage: null,
    errorReason: null,
    ...overrides,
  };
}

export function sharedRecord(overrides: Partial<SharedRecord> = {}): SharedRecord {
  return {
    name: 'Weekly sync',
    type: 'meeting',
    createTime: Date.UTC(2026, 0, 15, 9, 30),
    duration: 3725,
    ownerName: 'Lin Wei',
    allowCopy: false,
    expiresAt: null,
    audioLanguage: 'en-US',
    translationLanguage: 'zh-CN',
    lines: [
      { id: 1, seq: 0, start: 0, end: 4200, text: 'Good morning, everyone.', translations: { 'zh-CN': '大家早上好。' }, speaker: 'Anna' },
      { id: 2, seq: 1, start: 65_600, end: 70_000, text: 'Let us start with the budget.', translations: { 'zh-CN': '我们先讨论预算。' }, speaker: 'Ben' },
    ],
    ...overrides,
  };
}

/**
 * A user's tree: the default folder, and Work › Clients › Acme three levels deep.
 * Records: 2 in the default folder, 1 in Work, 3 in Clients, 4 in Acme.
 */
export function sampleTree(): FolderNode[] {
  return [
    folderNode(11, 'Default', '0', { isDefault: true, recordCount: 2 }),
    folderNode(12, 'Work', '0', {
      recordCount: 1,
      children: [
        folderNode(13, 'Clients', '0,12', {
          recordCount: 3,
          children: [folderNode(14, 'Acme', '0,12,13', { recordCount: 4 })],
        }),
      ],
    }),
  ];
}

export const ok = (data: unknown): Reply => ({ body: { code: 200, msg: 'ok', data } });
export const fail = (status: number, msg: string): Reply => ({ status, body: { code: status, msg, data: null } });

/**
 * What the record page's Ask panel reads (its suggested questions, the record's earlier conversation) for a
 * record nobody has asked about yet, or undefined for any other path; tests about other parts of the page
 * answer with this before refusing a route they do not know.
 */
export function askPanelReply(path: string): Reply | undefined {
  if (path === '/ai/suggestions') return ok([]);
  if (path === '/ai/conversation') return ok({ conversationId: null, turns: [] });
  return undefined;
}
