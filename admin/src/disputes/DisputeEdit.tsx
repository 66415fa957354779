import { Edit } from 'react-admin';
import { disputeBody, DisputeForm } from './DisputeForm';

/** A dispute's details, its notes, its order (once, when unmatched) and its status (forward only). */
export default function DisputeEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={disputeBody}>
      <DisputeForm mode="edit" />
    </Edit>
  );
}
