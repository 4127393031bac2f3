import { File, FileImage, FileSpreadsheet, FileText, FileVideo, Folder, type LucideProps } from 'lucide-react';
import type { FileKind } from '#shared/files';

/** The icon of a file's kind (SPEC §5: image, video, Pdf, Word, Xls, unknown), or of a folder. */
export function FileKindIcon({ kind, ...props }: { kind: FileKind | 'folder' } & LucideProps) {
  switch (kind) {
    case 'image':
      return <FileImage {...props} />;
    case 'video':
      return <FileVideo {...props} />;
    case 'Pdf':
    case 'Word':
      return <FileText {...props} />;
    case 'Xls':
      return <FileSpreadsheet {...props} />;
    case 'folder':
      return <Folder {...props} />;
    case 'unknown':
      return <File {...props} />;
  }
}
