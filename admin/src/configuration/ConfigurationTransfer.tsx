import { useState, type ChangeEvent } from 'react';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PublishIcon from '@mui/icons-material/Publish';
import {
  Button,
  DataTable,
  HttpError,
  ListContextProvider,
  Title,
  useList,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { ConfigurationDocument, ConfigurationProblem } from '@app/domain';
import { apiCall, apiUrl, httpClient } from '../providers/httpClient';
import { ConfigurationTabs } from './ConfigurationTabs';

const T = 'resources.configuration-transfer';

/** What an import changes, as its answer tells it (api configuration service's ConfigurationChanges). */
type Changes = Record<'fields' | 'builtIns' | 'queues', Partial<Record<ChangeKind, string[]>>>;
type ChangeKind = 'added' | 'changed' | 'removed' | 'restored';

interface ChangeRow {
  id: string;
  kind: 'fields' | 'builtIns' | 'queues';
  change: ChangeKind;
  key: string;
  label: string;
}

type ProblemRow = ConfigurationProblem & { id: number };

/** Every change of a dry run, one row each, named by its label in the document when it has one. */
function changeRows(changes: Changes, document: Partial<ConfigurationDocument>): ChangeRow[] {
  const labelOf = (kind: ChangeRow['kind'], key: string) =>
    kind === 'queues'
      ? document.queues?.find((q) => q.id === key)?.name
      : (document.fields?.find((f) => f.id === key)?.label ?? undefined);
  return (Object.keys(changes) as ChangeRow['kind'][]).flatMap((kind) =>
    (Object.entries(changes[kind]) as [ChangeKind, string[]][]).flatMap(([change, keys]) =>
      keys.map((key) => ({ id: `${kind}.${change}.${key}`, kind, change, key, label: labelOf(kind, key) ?? key })),
    ),
  );
}

/** The file's name in the browser's downloads: the day it was taken. */
const fileName = () => `configuration-${new Date().toISOString().slice(0, 10)}.json`;

function downloadJson(value: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName();
  link.click();
  URL.revokeObjectURL(url);
}

function ChangesTable({ rows }: { rows: ChangeRow[] }) {
  const translate = useTranslate();
  const list = useList({ data: rows, perPage: rows.length || 1 });
  return (
    <ListContextProvider value={list}>
      <DataTable bulkActionButtons={false} rowClick={false} data-testid="import-changes">
        <DataTable.Col
          source="change"
          label={`${T}.columns.change`}
          disableSort
          render={(row: ChangeRow) => translate(`${T}.changes.${row.change}`)}
        />
        <DataTable.Col
          source="kind"
          label={`${T}.columns.kind`}
          disableSort
          render={(row: ChangeRow) => translate(`${T}.kinds.${row.kind}`)}
        />
        <DataTable.Col source="label" label={`${T}.columns.label`} disableSort />
        <DataTable.Col source="key" label={`${T}.columns.key`} disableSort />
      </DataTable>
    </ListContextProvider>
  );
}

function ProblemsTable({ rows }: { rows: ProblemRow[] }) {
  const list = useList({ data: rows, perPage: rows.length || 1 });
  return (
    <ListContextProvider value={list}>
      <DataTable bulkActionButtons={false} rowClick={false} data-testid="import-problems">
        <DataTable.Col source="message" label={`${T}.columns.problem`} disableSort />
        <DataTable.Col source="path" label={`${T}.columns.where`} disableSort />
      </DataTable>
    </ListContextProvider>
  );
}

/** A dry run's outcome: what the chosen document would change, or why it cannot be imported. */
interface Checked {
  name: string;
  document: Partial<ConfigurationDocument>;
  changes: ChangeRow[];
  problems: ProblemRow[];
}

/**
 * Configuration, Export / Import: downloads the configuration document; an uploaded one is checked by the
 * import's dry run (its changes, or its problems, in a table) before Apply imports it for real. The import
 * asks for the password again (step-up): the HTTP client does so when the API answers reauth.
 */
export default function ConfigurationTransfer() {
  const translate = useTranslate();
  const notify = useNotify();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const download = () =>
    run(async () => {
      const answer = await httpClient(apiUrl('configuration/export'));
      downloadJson(answer.json);
    });

  const importDocument = (document: unknown, dryRun: boolean) =>
    apiCall<{ changes: Changes }>(`configuration/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      json: document,
    });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void run(async () => {
      let document: Partial<ConfigurationDocument>;
      try {
        document = JSON.parse(await file.text()) as Partial<ConfigurationDocument>;
      } catch {
        setChecked(null);
        throw new Error(translate(`${T}.notJson`, { name: file.name }));
      }
      try {
        const answer = await importDocument(document, true);
        setChecked({ name: file.name, document, changes: changeRows(answer.data!.changes, document), problems: [] });
      } catch (error) {
        const problems = (error instanceof HttpError && (error.body as { problems?: unknown })?.problems) || null;
        if (!Array.isArray(problems)) throw error;
        setChecked({
          name: file.name,
          document,
          changes: [],
          problems: (problems as ConfigurationProblem[]).map((problem, id) => ({ ...problem, id })),
        });
      }
    });
  };

  const apply = () =>
    run(async () => {
      await importDocument(checked!.document, false);
      notify(`${T}.imported`, { type: 'success' });
      setChecked(null);
    });

  const canApply = checked && !checked.problems.length && checked.changes.length > 0;
  return (
    <>
      <ConfigurationTabs current="configuration-transfer" />
      <Title title={`${T}.title`} />
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate(`${T}.exportTitle`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${T}.exportHelp`)}
            </Typography>
            <Button label={`${T}.download`} variant="outlined" onClick={download} disabled={busy}>
              <DownloadIcon />
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate(`${T}.importTitle`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${T}.importHelp`)}
            </Typography>
            <Button label={`${T}.upload`} variant="outlined" component="label" disabled={busy}>
              <>
                <UploadFileIcon />
                <input type="file" accept="application/json,.json" hidden onChange={choose} data-testid="import-file" />
              </>
            </Button>
            {checked && (
              <Box sx={{ mt: 2 }} data-testid="import-dry-run">
                {checked.problems.length > 0 ? (
                  <>
                    <Alert severity="error" sx={{ mb: 1 }}>
                      {translate(`${T}.refused`, { name: checked.name, smart_count: checked.problems.length })}
                    </Alert>
                    <ProblemsTable rows={checked.problems} />
                  </>
                ) : checked.changes.length === 0 ? (
                  <Alert severity="info">{translate(`${T}.nothing`, { name: checked.name })}</Alert>
                ) : (
                  <>
                    <Alert severity="info" sx={{ mb: 1 }}>
                      {translate(`${T}.dryRun`, { name: checked.name, smart_count: checked.changes.length })}
                    </Alert>
                    <ChangesTable rows={checked.changes} />
                  </>
                )}
                {canApply && (
                  <Button label={`${T}.apply`} variant="contained" onClick={apply} disabled={busy} sx={{ mt: 2 }}>
                    <PublishIcon />
                  </Button>
                )}
              </Box>
            )}
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
