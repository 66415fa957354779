import { Create } from 'react-admin';
import { disputeBody, DisputeForm } from './DisputeForm';

/** A dispute opened by hand on the desk (its order moves to ChargeBack). */
export default function DisputeCreate() {
  return (
    <Create redirect="show" transform={disputeBody}>
      <DisputeForm mode="create" />
    </Create>
  );
}
