import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, showToast } from '../../ui';
import type { PdfNode } from './pdf/DocPdf';
import { exportDocPdf, type PdfStage } from './pdf/exportPdf';

/** Exports the doc as it is on screen; the button shows what the export is doing until the file is handed over. */
export function ExportPdfButton({ title, emoji, content }: { title: string; emoji: string | null; content: () => PdfNode | null }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<PdfStage | null>(null);

  const run = async () => {
    const json = content();
    if (!json) return;
    setStage('loading');
    try {
      await exportDocPdf({ title, emoji, content: json, productName: t('app.name'), onStage: setStage });
    } catch {
      showToast({ message: t('docs.pdf.failed'), icon: 'error' });
    } finally {
      setStage(null);
    }
  };

  return (
    <Button size="sm" variant="ghost" icon={<FileDown size={14} aria-hidden />} loading={stage !== null} onClick={() => void run()}>
      {stage ? t(`docs.pdf.stage.${stage}`) : t('docs.pdf.export')}
    </Button>
  );
}
