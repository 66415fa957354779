import { TEXTS } from '@app/domain';
import { catalogue } from '../shared/catalogue';

/** The team-members resource's texts (Manage Team), merged under `resources.team-members` by i18n/. */
export const teamMembersMessages = catalogue(
  {
    name: 'Team Member |||| Team Members',
    menu: 'Manage Team',
    fields: {
      id: 'ID',
      name: 'Name',
      email: 'Email',
      type: 'Type',
      password: 'Password',
      last_login_at: 'Last Sign-in',
      created_at: 'Created',
      updated_at: 'Updated',
    },
    title: 'Manage Team',
    addTitle: 'Add Team Member',
    editTitle: 'Edit Team Member',
    listTitle: 'Team Member List',
    passwordKeep: 'Leave empty to keep the current password',
    add: 'Add Member',
    update: 'Update Member',
    readOnly: 'You cannot change members with the role %{role}: this record is read-only.',
    never: 'Never',
    notifications: {
      created: 'Team member added successfully.',
      updated: 'Team member updated successfully.',
      deleted: TEXTS.memberDeleted,
    },
  },
  {
    name: 'Membre |||| Membres',
    menu: "Gérer l'équipe",
    fields: {
      id: 'ID',
      name: 'Nom',
      email: 'E-mail',
      type: 'Type',
      password: 'Mot de passe',
      last_login_at: 'Dernière connexion',
      created_at: 'Créé',
      updated_at: 'Modifié',
    },
    title: "Gérer l'équipe",
    addTitle: 'Ajouter un membre',
    editTitle: 'Modifier un membre',
    listTitle: "Membres de l'équipe",
    passwordKeep: 'Laisser vide pour garder le mot de passe actuel',
    add: 'Ajouter le membre',
    update: 'Modifier le membre',
    readOnly: 'Vous ne pouvez pas modifier les membres du rôle %{role} : cette fiche est en lecture seule.',
    never: 'Jamais',
    notifications: {
      created: 'Membre ajouté.',
      updated: 'Membre modifié.',
      deleted: 'Membre supprimé.',
    },
  },
);
