/** Files and folders (SPEC §3, §5, §7): uploads through signed URLs, quotas, previews, sharing, live updates. */
export const filesTypeDefs = /* GraphQL */ `
  "A recorded file. Its bytes are served at url (the session cookie or a signed URL) and, when shared, at /media/files/<id>/shared."
  type File {
    id: ID!
    name: String!
    "The mime type the server decided from the bytes, and serves them with."
    type: String!
    "Whether anyone with the link may see it at /share/media/<id>."
    shared: Boolean!
    "Bytes (base 1024 when shown, SPEC §5)."
    size: Float!
    url: String!
    "A 480 px WebP preview of an image; null for other files."
    thumbnail: String
    "A tiny blurred preview of an image as a data URL, to show while the thumbnail loads."
    base64: String
    width: Int
    height: Int
    "Seconds, for videos and audio."
    duration: Float
    "The storage key of the bytes."
    location: String!
    "The kind from the mime type (SPEC §5): image, video, Pdf, Word, Xls or unknown."
    category: String!
    "A story of its space: a screen recording made in the stories area (always a video of a space)."
    story: Boolean!
    folder: ID
    author: UserBasic
    project: ID
    privat: ID
    task: ID
    createdAt: String!
    updatedAt: String!
    "The public page's path while shared."
    sharedUrl: String
    "Whether the caller may rename, move, share and delete it: its author, or whoever manages its space."
    canEdit: Boolean!
    canDelete: Boolean!
  }

  "A folder of a space. type keeps trees apart: file, doc or media."
  type Folder {
    id: ID!
    type: String!
    name: String!
    "The folder it is in; null at the top level."
    upfolder: ID
    project: ID!
    author: UserBasic
    createdAt: String!
    updatedAt: String!
    canEdit: Boolean!
    "Folders above it, the top level first (for breadcrumbs)."
    path: [Folder!]!
  }

  "Where to PUT a file's bytes (SPEC calls the URL original), and what to give setFile afterwards."
  type SignedUpload {
    original: String!
    "Always PUT."
    method: String!
    "Headers to send with the bytes, exactly."
    headers: JSON!
    "Pass to setFile as location."
    key: String!
    "Pass to setFile as code: the recorded File's id, known before the bytes go (so a client can match the file's live echo to its upload)."
    code: ID!
    size: Float!
    "The URL takes bytes until then; setFile must follow within 6 hours of signing."
    expiresAt: String!
  }

  "A team's storage and who is around (SPEC §3 Stats, §9 quotas)."
  type Stats {
    team: ID!
    plan: String!
    "Bytes the team's files take."
    storage: Float!
    "The plan's quota in bytes; null when unlimited."
    storageLimit: Float
    "A single file must be smaller than this (SPEC §9 upload-allowed helper)."
    uploadLimit: Float!
    files: Int!
    "Seconds of sound and video the team keeps: File.duration summed over its files (recordings, stories, uploaded videos and audio)."
    duration: Float!
    "Members of the team online now (a live connection, not away) among those the caller may see (a guest: the people they share a space with)."
    active: Int!
    "Members of the team online but away now, among those the caller may see."
    away: Int!
  }

  "What anyone with the link sees of a shared file (the page at /share/media/<id>)."
  type SharedFile {
    id: ID!
    name: String!
    "The mime type the bytes are served with."
    type: String!
    "image, video, Pdf, Word, Xls or unknown (SPEC §5)."
    kind: String!
    size: Float!
    width: Int
    height: Int
    "Seconds, for videos and audio."
    duration: Float
    createdAt: String!
    "The uploader's first name; null when their account is gone."
    authorFirstname: String
    "The bytes, at /media/files/<id>/shared."
    url: String!
    "The shared 480 px preview of an image; null for other files."
    thumbnail: String
  }

  type FileChange {
    "file.created, file.updated, file.deleted or file.text_extracted"
    type: String!
    seq: Float!
    fileId: ID!
    "The file now; null when deleted or moved out of what the subscription watches."
    file: File
  }

  type FolderChange {
    "folder.created, folder.updated or folder.deleted"
    type: String!
    seq: Float!
    folderId: ID!
    folder: Folder
  }

  extend type Query {
    """
    Signs an upload of size bytes for a space (project), a task or a private chat (privat), or, without
    them, for the caller's current team. Refused with file_size_limit, storage_limit_exceeded,
    file_invalid_type or too_many_files (20 uploads signed, not recorded nor cancelled, and either
    signed in the last 10 minutes or with their bytes arrived).
    """
    signedUploadURL(filename: String!, filetype: String!, size: Float!, project: ID, task: ID, privat: ID): SignedUpload!
    "A URL that downloads the file without the session for 15 minutes."
    signedDownloadPublicURL(file: ID!): String!
    getFolder(folder: ID!): Folder!
    "Folders of a space of one type (file by default) inside folder, or at the top level without it."
    getFolders(type: String, project: ID!, folder: ID): [Folder!]!
    getFile(id: ID!): File!
    """
    Files of exactly one of project (the space's own files), task or privat, newest first; or, with
    portfolio: true and none of them, the caller's own uploads in their current team that they can still see.
    category filters by kind (image, video, Pdf, Word, Xls, unknown), media (images and videos) or story (the
    space's stories, which are videos too).
    folder: a folder id, or "root" for the top level; without it, every folder. limit 1 to 200 (50).
    """
    getFiles(project: ID, task: ID, privat: ID, category: String, portfolio: Boolean, folder: ID, offset: Int, limit: Int): [File!]!
    "The team's storage, recorded time and who is around now; the caller's current team without team."
    getStats(team: ID): Stats!
    "A shared file's details, for anyone (rate limited per address); NOT_FOUND when missing or not shared."
    getSharedFile(id: ID!): SharedFile!
  }

  extend type Mutation {
    "Makes a folder in a space; upfolder puts it inside another folder of the same type."
    setFolder(project: ID!, name: String!, type: String, upfolder: ID): Folder!
    "Renames, or moves under upfolder (\\"root\\" for the top level); never into itself or a subfolder."
    ediFolder(id: ID!, name: String, upfolder: ID): Folder!
    "Deletes a folder; its files and subfolders move up to its parent (subscribers get file.updated and folder.updated for each)."
    delFolder(id: ID!): Boolean!
    """
    Records an uploaded file (SPEC §5: name, code, type, size and location are required) once its bytes
    are there with that size and of an allowed type, and the team's quota still holds it. story: true records a
    story of the space (STORY_NOT_ALLOWED unless it is a video given to a project).
    """
    setFile(
      name: String!
      code: ID!
      type: String!
      size: Float!
      location: String!
      project: ID
      task: ID
      privat: ID
      folder: ID
      story: Boolean
    ): File!
    "Shares or unshares, renames, moves to a folder (\\"root\\" for the top level) or to another space of the team."
    ediFile(id: ID!, shared: Boolean, folder: ID, name: String, project: ID): File!
    "Deletes a file and its bytes; its size no longer counts against the quota."
    delFile(id: ID!): Boolean!
    """
    Gives up an upload the caller signed and did not record (cancelled or failed): its bytes go and it no
    longer counts toward the 20 uploads in flight. NOT_FOUND for an unknown, recorded or someone else's code.
    """
    cancelUpload(code: ID!): Boolean!
  }

  extend type Subscription {
    "Changes to the files of one space, task or private chat; ends when the caller loses access."
    subFile(project: ID, task: ID, privat: ID): FileChange!
    "Changes to a space's folders."
    subFolder(project: ID!): FolderChange!
  }
`;
