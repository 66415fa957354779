import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { deskJson } from './api';
import { useDisputeTexts } from './texts';

interface Rate {
  orders: number;
  rate: number;
  networks: Array<{ network: string; disputes: number; rate: number; threshold: number; near: boolean; over: boolean }>;
}

/**
 * The month's dispute rate against orders beside each card network's monitoring threshold (a setting per
 * network), warning when a network nears or passes it.
 */
export default function DisputeRate() {
  const { texts, fill } = useDisputeTexts();
  const { data } = useQuery({ queryKey: ['dispute-rate'], queryFn: () => deskJson<Rate>('dispute-rate') });
  if (!data) return null;
  return (
    <Card sx={{ mt: 2 }} data-testid="dispute-rate">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {fill(texts.rate, { rate: data.rate, orders: data.orders })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {data.networks.map((n) => (
            <Chip
              key={n.network}
              color={n.over ? 'error' : n.near ? 'warning' : 'default'}
              data-testid={`dispute-rate-${n.network}`}
              label={`${fill(texts.threshold, { network: n.network, rate: n.rate, threshold: n.threshold })}${
                n.near && !n.over ? ` · ${texts.near}` : ''
              }`}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
