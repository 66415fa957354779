import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useDataProvider, useTranslate } from 'react-admin';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import type { AppDataProvider } from '../providers/dataProvider';
import { useClosableNotify } from '../shared/useClosableNotify';
import { saveBlob } from '@app/browser/download';
import { packFileName, type DefencePackType } from './packs';

// The worker is bundled with the app (an asset of this chunk), never fetched from a CDN.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const PAGE_WIDTH = 860;

/** Prints a PDF through a hidden frame holding the browser's own PDF viewer. */
function printPdf(url: string) {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.append(frame);
  setTimeout(() => frame.remove(), 60_000);
}

/**
 * The preview of a defence pack: the PDF rendered by pdf.js with its text selectable,
 * Print, Download, and Open in a new window, which reads a fresh copy ('Loading...' meanwhile).
 */
export default function DefencePackPreview({
  orderId,
  type,
  onClose,
}: {
  orderId: number;
  type: DefencePackType;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useClosableNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Never cached: a pack shows the order as it is now (transaction details just entered, new mails).
  const pack = useQuery({
    queryKey: ['defencePack', orderId, type],
    queryFn: () => dataProvider.getDefencePackPdf(orderId, type),
    gcTime: 0,
    retry: false,
  });
  const url = useMemo(() => (pack.data ? URL.createObjectURL(pack.data) : null), [pack.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const [pages, setPages] = useState(0);
  const [opening, setOpening] = useState(false);
  const width = Math.min(PAGE_WIDTH, window.innerWidth - 96);

  const openInNewWindow = async () => {
    // Opened now, while the click still counts as the user's, then pointed at the PDF once it is here.
    const target = window.open('', '_blank');
    setOpening(true);
    try {
      const fresh = await dataProvider.getDefencePackPdf(orderId, type);
      if (target) target.location.href = URL.createObjectURL(fresh);
    } catch (error) {
      target?.close();
      notify((error as Error).message, 'error');
    } finally {
      setOpening(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      transitionDuration={300}
      aria-labelledby="defence-pack-title"
      data-testid="defence-pack-preview"
    >
      <DialogTitle id="defence-pack-title">{translate('app.evidence.title', { type, orderId })}</DialogTitle>
      {/* The pages scroll here: a focusable, named region, so the keyboard scrolls it too (axe: scrollable-region-focusable). */}
      <DialogContent
        dividers
        role="region"
        aria-labelledby="defence-pack-title"
        tabIndex={0}
        sx={{ bgcolor: 'grey.200', minHeight: 320 }}
        data-testid="defence-pack-pages"
      >
        {pack.isPending && <Typography data-testid="pack-loading">{translate('app.loading')}</Typography>}
        {pack.error && <Typography color="error">{pack.error.message}</Typography>}
        {pack.data && (
          <Document
            file={pack.data}
            loading={<Typography>{translate('app.loading')}</Typography>}
            error={<Typography color="error">{translate('app.evidence.failed')}</Typography>}
            onLoadSuccess={(document) => setPages(document.numPages)}
          >
            {Array.from({ length: pages }, (_, index) => (
              <Box key={index} sx={{ mx: 'auto', mb: 2, width, boxShadow: 2 }}>
                <Page pageNumber={index + 1} width={width} loading={translate('app.loading')} />
              </Box>
            ))}
          </Document>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<PrintIcon />} disabled={!url} onClick={() => url && printPdf(url)}>
          {translate('app.evidence.print')}
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          disabled={!pack.data}
          onClick={() => pack.data && saveBlob(pack.data, packFileName(orderId, type))}
        >
          {translate('app.evidence.download')}
        </Button>
        <Button startIcon={<OpenInNewIcon />} disabled={opening} onClick={openInNewWindow} data-testid="open-pack">
          {translate(opening ? 'app.loading' : 'app.evidence.openWindow')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
