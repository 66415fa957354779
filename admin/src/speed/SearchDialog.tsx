import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { SEARCH_DEBOUNCE_MS, statusLabel } from '@app/domain';
import { apiCall } from '../providers/httpClient';
import { orderPagePath } from '../shared/routes';

type Found = Record<string, unknown>;
interface SearchAnswer {
  orders: Found[];
  members: Found[];
  screens: Array<{ name: string; route: string; label: string }>;
}
interface Result {
  key: string;
  group: 'orders' | 'members' | 'screens';
  primary: string;
  secondary?: string;
  path: string;
}

/** The text typed, once it has stayed as it is for a moment. */
function useSettled(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The answer as one list in its groups' order, each result with the page it opens. */
function resultsOf(answer: SearchAnswer | undefined, basename: string, translate: ReturnType<typeof useTranslate>) {
  if (!answer) return [];
  const orders = answer.orders.map((order): Result => {
    const matched = order.matched as string;
    const facts = [order.email, order.process_status && statusLabel(String(order.process_status))];
    if (matched !== 'order_id' && matched !== 'email' && !String(matched).endsWith('name'))
      facts.unshift(order[matched]);
    return {
      key: `order-${order.order_id}`,
      group: 'orders',
      primary: `${order.order_id} · ${order.full_name ?? ''}`,
      secondary: facts.filter(Boolean).join(' · '),
      path: orderPagePath(basename, Number(order.order_id)),
    };
  });
  const members = answer.members.map((member): Result => ({
    key: `member-${member.id}`,
    group: 'members',
    primary: String(member.name),
    secondary: [member.email, member.type].filter(Boolean).join(' · '),
    path: `${basename}/manage-team/${member.id}`,
  }));
  const screens = answer.screens.map((screen): Result => ({
    key: `screen-${screen.name}`,
    group: 'screens',
    primary: translate(`app.queues.${screen.name}`, { _: screen.label }),
    path: `${basename}/${screen.route}`,
  }));
  return [...orders, ...members, ...screens];
}

/**
 * Search everywhere (GET /api/search): orders, team members and screens as the member's role may read them,
 * grouped; arrows move through the results, Enter (or a click) opens one's page.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useSettled(text.trim());
  const { data, isFetching } = useQuery({
    queryKey: ['search-everywhere', q],
    queryFn: async () => (await apiCall<SearchAnswer>(`search?${new URLSearchParams({ q })}`)).data,
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const results = q ? resultsOf(data, basename, translate) : [];
  const open = (result: Result | undefined) => {
    if (!result) return;
    onClose();
    navigate(result.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move && results.length) {
      event.preventDefault();
      setActive((at) => (at + move + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(results[active]);
    }
  };
  const groups = (['orders', 'members', 'screens'] as const).filter((g) => results.some((r) => r.group === g));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="search-dialog">
      <DialogTitle>{translate('app.speed.search')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={translate('app.speed.searchLabel')}
          helperText={translate('app.speed.searchHelp')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': results.length > 0,
              'aria-controls': 'search-results',
              'aria-activedescendant': results[active] ? `search-${results[active].key}` : undefined,
              'data-testid': 'search-input',
            },
          }}
          sx={{ mt: 1 }}
        />
        {q && !isFetching && data && !results.length && (
          <Typography sx={{ mt: 2 }} role="status">
            {translate('app.speed.nothing')}
          </Typography>
        )}
        <List id="search-results" role="listbox" dense aria-label={translate('app.speed.searchLabel')}>
          {groups.map((group) => [
            <ListSubheader key={group} role="presentation">
              {translate(`app.speed.${group}`)}
            </ListSubheader>,
            ...results
              .filter((result) => result.group === group)
              .map((result) => {
                const index = results.indexOf(result);
                return (
                  <ListItemButton
                    key={result.key}
                    id={`search-${result.key}`}
                    role="option"
                    aria-selected={index === active}
                    selected={index === active}
                    onClick={() => open(result)}
                    data-testid={`search-result-${result.key}`}
                  >
                    <ListItemText primary={result.primary} secondary={result.secondary} />
                  </ListItemButton>
                );
              }),
          ])}
        </List>
      </DialogContent>
    </Dialog>
  );
}
