import { useRef, useState } from 'react';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
} from '@mui/material';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Button,
  Form,
  SaveButton,
  TextInput,
  maxLength,
  required,
  useListContext,
  useSavedQueries,
  useStore,
  useStoreContext,
  useTranslate,
  type SavedQuery,
} from 'react-admin';
import type { PreferencesStore } from './store';

/** A saved query of this app: react-admin's (filters, sort, page size) plus the columns shown when saved. */
export type SavedView = SavedQuery & {
  value: SavedQuery['value'] & { columns?: { hidden?: string[]; ranks?: number[] } };
};

/**
 * Saved queries of a list, with its columns: "Save current query" keeps the filters, sort, page size
 * and the DataTable's hidden columns and order (the `storeKey` the list's DataTable and ColumnsButton
 * use) under a name; choosing one applies all of it. Kept in react-admin's `<queriesKey>.savedQueries`
 * Store key (one per queue: a query of one queue finds nothing on another), so they follow the member
 * through the preferences Store. React-admin's own saved-query dialogs keep no columns, hence this menu
 * (the list's FilterButton gets `disableSaveQuery`).
 */
export function SavedQueriesButton({ storeKey, queriesKey }: { storeKey: string; queriesKey: string }) {
  const translate = useTranslate();
  const { filterValues, displayedFilters, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
  const [savedQueries, setQueries] = useSavedQueries(queriesKey);
  const store = useStoreContext() as Partial<PreferencesStore>;
  // A query saved or removed on purpose is written at once, not after the Store's usual delay: a reload
  // right after "Save" must find it on the server.
  const setSavedQueries = (queries: SavedQuery[]) => {
    setQueries(queries);
    void store.flush?.();
  };
  const [hidden, setHidden] = useStore<string[] | undefined>(storeKey);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const views = (Array.isArray(savedQueries) ? savedQueries : []) as SavedView[];

  const apply = ({ value }: SavedView) => {
    setFilters(value.filter ?? {}, value.displayedFilters ?? {});
    if (value.sort) setSort(value.sort);
    if (value.perPage) setPerPage(value.perPage);
    if (value.columns) {
      setHidden(value.columns.hidden);
      setRanks(value.columns.ranks);
    }
    setOpen(false);
  };
  const save = ({ label }: { label: string }) => {
    const view: SavedView = {
      label: label.trim(),
      value: {
        filter: filterValues,
        displayedFilters,
        sort,
        perPage,
        columns: { ...(hidden ? { hidden } : {}), ...(ranks ? { ranks } : {}) },
      },
    };
    setSavedQueries([...views.filter((v) => v.label !== view.label), view]);
    setNaming(false);
  };
  const remove = (label: string) => setSavedQueries(views.filter((v) => v.label !== label));

  return (
    <>
      <Button
        ref={anchor}
        label="app.preferences.savedQueries"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <BookmarksIcon />
      </Button>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <List
          dense
          sx={{ minWidth: 240, maxWidth: 'min(360px, 90vw)' }}
          aria-label={translate('app.preferences.savedQueries')}
        >
          {views.map((view) => (
            <ListItem
              key={view.label}
              disablePadding
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={translate('app.preferences.removeQuery', { name: view.label })}
                  onClick={() => remove(view.label)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemButton onClick={() => apply(view)}>
                <ListItemText primary={view.label} />
              </ListItemButton>
            </ListItem>
          ))}
          {!views.length && (
            <ListItem>
              <ListItemText secondary={translate('app.preferences.noSavedQueries')} />
            </ListItem>
          )}
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                setOpen(false);
                setNaming(true);
              }}
            >
              <ListItemText primary={translate('app.preferences.saveQuery')} />
            </ListItemButton>
          </ListItem>
        </List>
      </Popover>
      {/* Mounted when opened: the form's submit then saves the list's state of that moment. */}
      {naming && (
        <Dialog open onClose={() => setNaming(false)} aria-labelledby="save-query-title" fullWidth maxWidth="xs">
          <Form onSubmit={(values: { label?: string }) => save({ label: values.label ?? '' })} record={{ label: '' }}>
            <DialogTitle id="save-query-title">{translate('app.preferences.saveQueryTitle')}</DialogTitle>
            <DialogContent>
              <Box sx={{ pt: 1 }}>
                <TextInput
                  source="label"
                  label="app.preferences.queryName"
                  validate={[required(), maxLength(100)]}
                  autoFocus
                  fullWidth
                />
              </Box>
            </DialogContent>
            <DialogActions>
              <Button label="ra.action.cancel" onClick={() => setNaming(false)} />
              <SaveButton label="ra.action.save" alwaysEnable />
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </>
  );
}
