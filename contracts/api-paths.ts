/**
 * Every API path of spec §7, declared once, under API_BASE: the Worker's routes, the web app's calls and the
 * benches all name a path through this table, so a URL leads to its handler with one search. Each group is
 * one route file (worker/routes/<group>.ts, named in worker/app.ts); the paths are a contract with existing
 * clients and never change. Plain strings and no imports, so the browser loads it without zod.
 */
export const API = {
  auth: {
    loginOptions: '/auth/loginOptions',
    captcha: '/auth/captcha',
    captchaVerify: '/auth/captcha/verify',
    getValidCode: '/auth/c/getValidCode',
    doLoginByValidCode: '/auth/c/doLoginByValidCode',
    doLogin: '/auth/c/doLogin',
    resetPwd: '/auth/c/resetPwd',
    visitorLogin: '/auth/visitorlogin',
    renderGoogle: '/auth/render/google',
    googleRegisterWithLogin: '/auth/googleRegisterWithLogin',
    getQrCode: '/auth/getQrCode',
    getOpenId: '/auth/getOpenId',
    wxLogin: '/auth/wxlogin',
    wxRegisterWithLogin: '/auth/wxRegisterWithLogin',
    wechatCallback: '/auth/wechat/callback',
    getUserInfo: '/auth/getUserInfo',
    logout: '/auth/logout',
    /** A short-lived URL for one large download (the dubbing zip, a records export), fetched without a header. */
    downloadTicket: '/auth/downloadTicket',
  },
  system: {
    configKey: '/system/config/configKey/:key',
    getClientInfo: '/system/getClientInfo',
    getClient: '/system/getClient',
    clientUserEdit: '/system/client/user/edit',
    userAvatar: '/system/user/avatar',
    avatar: '/system/avatar/:userId/:name',
    updatePwd: '/system/updatePwd',
    bindingAccount: '/system/bindingAccount',
    bindingOther: '/system/bindingOther',
    unbindWeCat: '/system/unbindWeCat',
    unbindGoogle: '/system/unbindGoogle',
  },
  expense: {
    queryAccountDetail: '/expense/account/queryAccountDetail',
    queryUserFunctionJudge: '/expense/account/queryUserFunctionJudge',
    queryAuthLanguageByUserId: '/expense/rightsAddAuth/queryAuthLanguageByUserId',
    queryBuyRecord: '/expense/account/queryBuyRecord',
    queryCostRecord: '/expense/account/queryCostRecord',
    queryCommonPricePackage: '/expense/package/queryCommonPricePackage',
    queryMeetingPricePackage: '/expense/package/queryMeetingPricePackage',
    queryRightsPictureUrl: '/expense/package/queryRightsPictureUrl',
    meetingRightsJudge: '/expense/cost/meetingRightsJudge',
    dubbingAccountCostBefore: '/expense/cost/dubbingAccountCostBefore',
    exchangeCardPassword: '/expense/cardPassword/exchangeCardPassword/:code',
  },
  pay: {
    methods: '/expense/pay/methods',
    getQrPay: '/expense/pay/getQrPay',
    wechatAuthorizeUrl: '/expense/pay/wechatAuthorizeUrl',
    getOpenId: '/expense/pay/getOpenId',
    getJsApiPay: '/expense/pay/getJsApiPay',
    getAliH5Pay: '/expense/pay/getAliH5Pay',
    getPayRechargeStatus: '/expense/pay/getPayRechargeStatus/:outTradeNo',
    paypalPayBack: '/expense/pay/paypalPayBack',
  },
  payNotify: {
    notify: '/pay/notify/:payType',
  },
  pluginMedia: {
    cost: '/order/cost/media',
    consumer: '/order/consumer/media',
  },
  folders: {
    getFolder: '/speech/folder/getFolder',
    editFolder: '/speech/folder/editFolder',
    removeFolder: '/speech/folder/removeFolder',
  },
  records: {
    getTransResult: '/speech/audio/transcribe/getTransResult',
    query: '/speech/audio/transcribe/query',
    edit: '/speech/audio/transcribe/edit',
    remove: '/speech/audio/transcribe/remove',
    getTrans: '/speech/audio/transcribe/getTrans',
    share: '/speech/audio/transcribe/share',
    getTransShareStatus: '/speech/audio/transcribe/getTransShareStatus',
    copyReplica: '/speech/audio/transcribe/copyReplica',
    export: '/speech/audio/transcribe/export',
    /** Public: a shared record's transcript or summary as a file (/meetingShareDownload), when the owner allows copies. */
    shareDownload: '/speech/audio/transcribe/shareDownload',
    /** Public: a shared record's audio for the share page's player, with byte ranges so it seeks. */
    shareMedia: '/speech/audio/transcribe/shareMedia',
  },
  uploads: {
    uploadInit: '/speech/audio/transcribe/uploadInit',
    uploadBlock: '/speech/audio/transcribe/uploadBlock',
    mergeFileData: '/speech/audio/transcribe/mergeFileData',
    removeUpload: '/speech/audio/transcribe/removeUpload',
  },
  transcription: {
    transwrite: '/speech/audio/transcribe/transwrite',
    refreshRecord: '/speech/audio/transcribe/refreshRecord',
    getLatestTrans: '/speech/audio/transcribe/getLatestTrans',
    editDetails: '/speech/audio/transcribe/editDetails',
    addTranslation: '/speech/audio/transcribe/addTranslation',
    /** Translates chosen lines (or the whole record) again, as an edit does. */
    translateAgain: '/speech/audio/transcribe/translateAgain',
    media: '/speech/audio/transcribe/media',
    words: '/speech/audio/transcribe/words',
  },
  meetings: {
    getMeetingList: '/speech/meeting/getMeetingList',
    create: '/speech/meeting/create',
    getMeeting: '/speech/meeting/getMeeting',
    edit: '/speech/meeting/edit',
    stopMeeting: '/speech/meeting/stopMeeting',
    createScreenCode: '/speech/meeting/createScreenCode',
    getNetworkLink: '/speech/meeting/getNetworkLink',
    joinRecord: '/speech/meeting/joinRecord',
    socket: '/speech/meeting/socket',
  },
  vocabulary: {
    getDocumentList: '/speech/document/getDocumentList',
    getDocumentData: '/speech/document/getDocumentData',
    import: '/speech/document/import',
    remove: '/speech/document/remove',
    removeData: '/speech/document/removeData',
    edit: '/speech/document/edit',
    editData: '/speech/document/editData',
    editFolder: '/speech/document/editFolder',
    removeFolder: '/speech/document/removeFolder',
    folder: '/speech/document/folder',
    export: '/speech/document/export',
  },
  dubbing: {
    create: '/speech/video/transcribe/create',
    uploadBlock: '/speech/video/transcribe/uploadBlock',
    upload: '/speech/video/transcribe/upload',
    transwrite: '/speech/video/transcribe/transwrite',
    list: '/speech/video/transcribe/list',
    getFileByTaskId: '/speech/video/transcribe/getFileByTaskId',
    getSynthesis: '/speech/video/transcribe/getSynthesis',
    getFileDataContentPageList: '/speech/video/transcribe/getFileDataContentPageList',
    edits: '/speech/video/transcribe/edits',
    getSpeakerList: '/speech/video/transcribe/getSpeakerList',
    editSpeaker: '/speech/video/transcribe/editSpeaker',
    serviceNameList: '/speech/video/transcribe/serviceNameList',
    videoSynthesis: '/speech/video/transcribe/videoSynthesis',
    createIteration: '/speech/video/transcribe/createIteration',
    getIteration: '/speech/video/transcribe/getIteration',
    downloadZip: '/speech/video/transcribe/download/zip',
    downloadDestroyZip: '/speech/video/transcribe/download/destroy/zip',
    /** The dubbing dialog's SRT (multipart `file`). */
    srtUpload: '/file/upload',
    /** Contextual translation of a dubbing's lines (listed with the AI calls in the spec). */
    transAdjust: '/ai/dubbing/transAdjust',
  },
  synthesis: {
    synthesisLanguage: '/speech/audio/synthesisLanguage',
    synthesis: '/speech/audio/synthesis',
  },
  summaries: {
    mediaSummary: '/ai/ai/mediaSummary',
    queryMediaSummary: '/ai/ai/queryMediaSummary',
    download: '/ai/summaryTemplate/download',
    /** The record's owner ticks an action item of its summary done, or not done. */
    actionItemDone: '/ai/ai/actionItemDone',
  },
  /** Search across the caller's records and questions asked of them (worker/routes/ai.ts). */
  ai: {
    search: '/ai/search',
    ask: '/ai/ask',
    /** The same answer as `ask`, as server-sent events: the answer's text as it comes, then the whole answer. */
    askStream: '/ai/ask/stream',
    /** The questions asked of one record with their answers, and forgetting them. */
    conversation: '/ai/conversation',
    clearConversation: '/ai/conversation/clear',
    /** Three questions a record suggests, in the caller's language. */
    suggestions: '/ai/suggestions',
  },
  /** The caller's voice profiles (docs/voices.md): list (GET) and save (POST) at `list`; rename (PATCH) and delete at `item`. */
  voices: {
    list: '/voices',
    item: '/voices/:id',
    merge: '/voices/merge',
    /** Whether later records name known voices: GET and PUT `{ identify }`. */
    settings: '/voices/settings',
  },
  /** Each use's language lists (services/languages.ts says what each holds). */
  languages: {
    meeting: '/speech/audio/selectLanguage',
    dubbing: '/speech/video/transcribe/getLanguage',
    upload: '/audio/LanguageInternation',
    text: '/textTrans/lang/languageList',
  },
  /** A user's webhook endpoints and their deliveries (docs/webhooks.md; worker/routes/webhooks.ts). */
  webhooks: {
    /** GET lists the caller's endpoints; POST `{ url, events }` registers one, answering `{ id, secret }`. */
    endpoints: '/developer/webhooks',
    /** DELETE removes an endpoint with its deliveries. */
    endpoint: '/developer/webhooks/:id',
    /** A new signing secret, shown once; the previous one keeps signing beside it for a day. */
    rotateSecret: '/developer/webhooks/:id/rotate-secret',
    /** Turns a disabled endpoint back on. */
    enable: '/developer/webhooks/:id/enable',
    deliveries: '/developer/webhooks/:id/deliveries',
    /** Sends a delivery again under its own id. */
    replay: '/developer/webhooks/:id/deliveries/:deliveryId/replay',
  },
  /** Personal API keys (docs/api.md): list and create, revoke one. Only a signed-in person, never a key, calls these. */
  keys: {
    keys: '/developer/keys',
    key: '/developer/keys/:id',
  },
  /** The public API described as OpenAPI 3.1: every route a key may call (KEY_ROUTES). */
  openapi: {
    document: '/openapi.json',
  },
  /** Development only, and only to this machine. */
  dev: {
    outbox: '/dev/outbox',
    captcha: '/dev/captcha',
  },
  /** The development stand-in for R2's S3 endpoint: `/dev/s3/<bucket>/<object key>`. */
  devS3: {
    object: '/dev/s3/:bucket/:key{.+}',
  },
  /** The development payment provider's confirm page. */
  devPay: {
    order: '/dev/pay/:outTradeNo',
  },
} as const;

/**
 * The areas whose every path passes one check (sign-in, or this machine only), including paths of other
 * groups that live below them: `/speech/video/transcribe/getLanguage` is behind the dubbing area's sign-in.
 */
export const API_AREAS = {
  expense: '/expense/*',
  pluginMedia: '/order/*',
  folders: '/speech/folder/*',
  vocabulary: '/speech/document/*',
  dubbing: '/speech/video/transcribe/*',
  ai: '/ai/*',
  dev: '/dev/*',
  devS3: '/dev/s3/*',
} as const;

/** What a key may be allowed to do; each key route below needs one of them. */
export const API_KEY_SCOPES = ['records:read', 'transcribe', 'meetings', 'dubbing'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The public API: every route an API key may call, with the scope it needs. A key is refused on every other
 * route (account, payment, key and webhook calls among them), and /prod-api/openapi.json describes exactly
 * these.
 */
export const KEY_ROUTES: readonly { method: 'GET' | 'POST'; path: ApiPath; scope: ApiKeyScope }[] = [
  { method: 'GET', path: API.records.query, scope: 'records:read' },
  { method: 'GET', path: API.records.getTrans, scope: 'records:read' },
  { method: 'GET', path: API.records.export, scope: 'records:read' },
  { method: 'GET', path: API.transcription.words, scope: 'records:read' },
  { method: 'GET', path: API.folders.getFolder, scope: 'records:read' },
  { method: 'POST', path: API.summaries.queryMediaSummary, scope: 'records:read' },
  { method: 'GET', path: API.ai.search, scope: 'records:read' },
  { method: 'POST', path: API.uploads.uploadInit, scope: 'transcribe' },
  { method: 'POST', path: API.uploads.uploadBlock, scope: 'transcribe' },
  { method: 'POST', path: API.uploads.mergeFileData, scope: 'transcribe' },
  { method: 'POST', path: API.transcription.transwrite, scope: 'transcribe' },
  { method: 'POST', path: API.transcription.refreshRecord, scope: 'transcribe' },
  { method: 'POST', path: API.transcription.addTranslation, scope: 'transcribe' },
  { method: 'POST', path: API.summaries.mediaSummary, scope: 'transcribe' },
  { method: 'GET', path: API.meetings.getMeetingList, scope: 'meetings' },
  { method: 'POST', path: API.meetings.create, scope: 'meetings' },
  { method: 'GET', path: API.meetings.getMeeting, scope: 'meetings' },
  { method: 'POST', path: API.meetings.edit, scope: 'meetings' },
  { method: 'POST', path: API.meetings.stopMeeting, scope: 'meetings' },
  { method: 'POST', path: API.dubbing.create, scope: 'dubbing' },
  { method: 'POST', path: API.dubbing.uploadBlock, scope: 'dubbing' },
  { method: 'POST', path: API.dubbing.upload, scope: 'dubbing' },
  { method: 'POST', path: API.dubbing.transwrite, scope: 'dubbing' },
  { method: 'GET', path: API.dubbing.list, scope: 'dubbing' },
  { method: 'GET', path: API.dubbing.getFileByTaskId, scope: 'dubbing' },
  { method: 'GET', path: API.dubbing.getSynthesis, scope: 'dubbing' },
  { method: 'POST', path: API.dubbing.getFileDataContentPageList, scope: 'dubbing' },
  { method: 'POST', path: API.dubbing.videoSynthesis, scope: 'dubbing' },
];

/** Where the development S3 stand-in answers: the endpoint presigned URLs name, buckets and keys below it. */
export const DEV_S3_ENDPOINT = API_AREAS.devS3.slice(0, -2);

type Groups = typeof API;
/** Any path of the table. */
export type ApiPath = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** `:name` or `:name{pattern}` placeholders of a path. */
type ParamName<S extends string> = S extends `${infer Name}{${string}` ? Name : S;
export type PathParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? ParamName<Name> | PathParams<Tail>
    : ParamName<Rest>
  : never;

/** A path with its placeholders filled in (each value URI-encoded), e.g. `apiPath(API.pay.getPayRechargeStatus, { outTradeNo })`. */
export function apiPath<P extends ApiPath>(path: P, params: Record<PathParams<P>, string | number>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
