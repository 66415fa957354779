import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  EditButton,
  Show,
  TopToolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { can, DISPUTE_MOVES, EVIDENCE_ITEM_KEYS, type DisputeStatus } from '@app/domain';
import { ShowSections, useResourceDefinition } from '../registry';
import { DefencePackButtons } from '../evidence/DefencePackButtons';
import { addEvidence, deskJson, downloadFrom } from './api';
import { useDisputeTexts } from './texts';

interface ChecklistEntry {
  item: keyof ReturnType<typeof useDisputeTexts>['texts']['items'];
  present: boolean;
  summary: string | null;
  added: Array<{ id: number; text: string | null; fileName: string | null; addedBy: string | null }>;
}
interface Evidence {
  pack: 1 | 2;
  checklist: ChecklistEntry[];
  ce3: {
    programme: string;
    qualifies: boolean;
    pair: number[] | null;
    elements: string[];
    priors: Array<{ orderId: number; daysBeforeDispute: number; matches: string[]; meetsRule: boolean }>;
  } | null;
}

/** The status moves a Manager makes, each one click (the API refuses any other). */
const MOVES: Array<{ to: DisputeStatus; text: 'submitted' | 'won' | 'lost' | 'accepted' }> = [
  { to: 'under_review', text: 'submitted' },
  { to: 'won', text: 'won' },
  { to: 'lost', text: 'lost' },
  { to: 'accepted', text: 'accepted' },
];

function StatusButtons() {
  const record = useRecordContext()!;
  const { permissions: role } = usePermissions<string>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const { texts, fill } = useDisputeTexts();
  if (!can(role, 'disputes.manage')) return null;
  const allowed = DISPUTE_MOVES[record.status as DisputeStatus] ?? [];
  return MOVES.filter((m) => allowed.includes(m.to)).map((m) => (
    <Button
      key={m.to}
      size="small"
      variant="outlined"
      disabled={isPending}
      data-testid={`dispute-${m.to}`}
      onClick={() =>
        update(
          'disputes',
          { id: record.id, data: { status: m.to }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(fill(texts.moved, { status: m.to })),
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        )
      }
    >
      {texts[m.text]}
    </Button>
  ));
}

/** A missing item a person adds: which item, a text, a file (checked by its bytes on the server). */
function AddEvidenceForm({ disputeId, onAdded }: { disputeId: number; onAdded: () => void }) {
  const { texts } = useDisputeTexts();
  const notify = useNotify();
  const [item, setItem] = useState<string>('other');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await addEvidence(disputeId, item, text, file);
      notify(texts.added);
      setText('');
      setFile(null);
      onAdded();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}
      data-testid="add-evidence"
    >
      <TextField
        select
        size="small"
        label={texts.item}
        value={item}
        onChange={(e) => setItem(e.target.value)}
        sx={{ minWidth: 240 }}
        inputProps={{ 'data-testid': 'evidence-item' }}
      >
        {EVIDENCE_ITEM_KEYS.map((key) => (
          <MenuItem key={key} value={key}>
            {texts.items[key]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={texts.text}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        sx={{ minWidth: 320 }}
        inputProps={{ 'data-testid': 'evidence-text' }}
      />
      <Button component="label" size="small" variant="outlined">
        {file ? file.name : texts.file}
        <input
          hidden
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Button
        variant="contained"
        size="small"
        disabled={busy || (!text && !file)}
        onClick={submit}
        data-testid="evidence-add"
      >
        {texts.add}
      </Button>
    </Box>
  );
}

/** The checklist of the dispute's category, the CE 3.0 / First-Party Trust verdict with the earlier orders, and the packs. */
function EvidencePanel() {
  const record = useRecordContext()!;
  const { permissions: role } = usePermissions<string>();
  const { texts, fill } = useDisputeTexts();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const key = ['dispute-evidence', record.id];
  const { data } = useQuery({ queryKey: key, queryFn: () => deskJson<Evidence>(`disputes/${record.id}/evidence`) });
  if (!data) return null;
  const ce3 = data.ce3;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {record.orderId != null && <DefencePackButtons orderId={Number(record.orderId)} />}
          <Button
            size="small"
            variant="outlined"
            data-testid="evidence-json"
            onClick={() => void downloadFrom(`disputes/${record.id}/evidence`, `dispute-${record.id}-evidence.json`)}
          >
            {texts.evidenceJson}
          </Button>
          <StatusButtons />
        </Box>
        <Typography variant="h6" component="h2">
          {texts.checklist}
        </Typography>
        <Table size="small" data-testid="evidence-checklist">
          <TableHead>
            <TableRow>
              <TableCell>{texts.item}</TableCell>
              <TableCell />
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.checklist.map((entry) => (
              <TableRow key={entry.item} data-testid={`evidence-${entry.item}`}>
                <TableCell>{texts.items[entry.item] ?? entry.item}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={entry.present ? 'success' : 'warning'}
                    label={entry.present ? texts.present : texts.missing}
                  />
                </TableCell>
                <TableCell>
                  {entry.summary}
                  {entry.added.map((a) => (
                    <div key={a.id}>
                      {[a.text, a.fileName].filter(Boolean).join(' · ')} ({texts.addedBy} {a.addedBy})
                    </div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {ce3 && (
          <Box sx={{ mt: 2 }} data-testid="ce3-verdict">
            <Typography variant="subtitle1" component="h3">
              {ce3.programme === 'mastercard_first_party_trust' ? texts.ce3Mastercard : texts.ce3Visa}
            </Typography>
            <Typography>
              {ce3.qualifies
                ? fill(texts.qualifies, { pair: (ce3.pair ?? []).join(', '), elements: ce3.elements.join(', ') })
                : texts.notQualifies}
            </Typography>
            {ce3.priors.length > 0 && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {texts.earlierOrders}
                </Typography>
                <ul>
                  {ce3.priors.map((p) => (
                    <li key={p.orderId}>
                      {p.orderId}: {p.daysBeforeDispute} {texts.daysBefore}, {p.matches.join(', ')}
                      {p.meetsRule ? ` (${texts.meetsRule})` : ''}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Box>
        )}
        {can(role, 'disputes.evidence') && (
          <AddEvidenceForm
            disputeId={Number(record.id)}
            onAdded={() => {
              void queryClient.invalidateQueries({ queryKey: key });
              refresh();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** A dispute: its details by section (registry), then its evidence, packs and status moves. */
export default function DisputeShow() {
  const definition = useResourceDefinition('disputes');
  const { permissions: role } = usePermissions<string>();
  return (
    <Show
      actions={
        can(role, 'disputes.manage') ? (
          <TopToolbar>
            <EditButton />
          </TopToolbar>
        ) : (
          false
        )
      }
    >
      {definition && <ShowSections definition={definition} />}
      <EvidencePanel />
    </Show>
  );
}
