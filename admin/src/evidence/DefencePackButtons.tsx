import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import GavelIcon from '@mui/icons-material/Gavel';
import { useTranslate } from 'react-admin';
import type { DefencePackType } from './packs';

/** pdf.js is large: the preview, and react-pdf with it, load only when a pack is opened. */
const DefencePackPreview = lazy(() => import('./DefencePackPreview'));

/** Defence Pack 1 and 2, each opening its PDF preview. */
export function DefencePackButtons({ orderId }: { orderId: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<DefencePackType | null>(null);
  return (
    <>
      {([1, 2] as const).map((type) => (
        <Button
          key={type}
          variant="outlined"
          size="small"
          startIcon={<GavelIcon />}
          onClick={() => setOpen(type)}
          data-testid={`defence-pack-${type}`}
        >
          {translate('app.evidence.button', { type })}
        </Button>
      ))}
      {open && (
        <Suspense fallback={null}>
          <DefencePackPreview orderId={orderId} type={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
