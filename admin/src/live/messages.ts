/** Texts of live work, merged into the catalogues under `app.live`. */
const en = {
  alsoViewing: 'Also viewing: %{names}',
  changedBy: '%{name} %{change}. The order shows its new state.',
  rowsChanged: '%{smart_count} change by another member |||| %{smart_count} changes by other members',
  refreshing: 'The list refreshes when you are not selecting or typing.',
  refreshNow: 'Refresh now',
  sla: {
    ok: 'On time',
    at_risk: 'At risk',
    breached: 'Breached',
    paused: 'Paused',
    met: 'Met',
    dueIn: 'due in %{time}',
    lateBy: '%{time} late',
  },
};

const fr: typeof en = {
  alsoViewing: 'Consulte aussi : %{names}',
  changedBy: '%{name} : %{change}. La commande affiche son nouvel état.',
  rowsChanged: '%{smart_count} modification par un autre membre |||| %{smart_count} modifications par d’autres membres',
  refreshing: 'La liste se met à jour quand vous ne sélectionnez ni ne saisissez rien.',
  refreshNow: 'Mettre à jour',
  sla: {
    ok: 'Dans les temps',
    at_risk: 'En danger',
    breached: 'Dépassé',
    paused: 'En pause',
    met: 'Respecté',
    dueIn: 'dans %{time}',
    lateBy: '%{time} de retard',
  },
};

export const liveMessages = { en, fr };
