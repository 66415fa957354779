import { Create } from 'react-admin';
import { DisputeForm } from './DisputeForm';

/** A dispute opened by hand on the desk (its order moves to ChargeBack). */
export default function DisputeCreate() {
  return (
    <Create redirect="show">
      <DisputeForm mode="create" />
    </Create>
  );
}
