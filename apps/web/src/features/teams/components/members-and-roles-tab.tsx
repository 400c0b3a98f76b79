import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import type { TeamDetails, MemberRole } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useChangeRole, useRemoveMember } from '../api/members.ts';
import { usePeople } from '../../../lib/teams/teams.ts';
import { personLabel } from './team-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface Member {
  id: string;
  name: string;
  email: string;
  role: MemberRole;
  isOwner: boolean;
}

/** Members and Roles: each member's role, and removing members (never the owner). */
export function MembersAndRolesTab({ team }: { team: TeamDetails }) {
  const t = useT();
  const people = usePeople(team.members);
  const changeRole = useChangeRole(team._id);
  const removeMember = useRemoveMember(team._id);
  const { showToast } = useToast();
  const [toRemove, setToRemove] = useState<Member | null>(null);

  const members: Member[] = team.members.map((id) => {
    const person = people.data?.find((candidate) => candidate.$id === id);
    const name = personLabel(person, id);
    return {
      id,
      name,
      email: person && person.email !== name ? person.email : '',
      role: team.admins.includes(id) || team.createdBy === id ? 'admin' : 'member',
      isOwner: team.createdBy === id,
    };
  });

  const onRoleChange = (member: Member, role: MemberRole) =>
    changeRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => showToast(t('teams.roleUpdated'), 'success'),
        onError: () => showToast(t('teams.failedToUpdateRole'), 'error'),
      },
    );

  const onRemove = (member: Member) =>
    removeMember.mutate(member.id, {
      onSuccess: () => showToast(t('teams.userRemoved'), 'success'),
      onError: () => showToast(t('teams.failedToRemoveUser'), 'error'),
      onSettled: () => setToRemove(null),
    });

  return (
    <Box component="section" aria-labelledby="manage-roles-title">
      <Typography id="manage-roles-title" variant="h6" component="h2" gutterBottom>
        {t('teams.manageRoles')}
      </Typography>
      {people.isPending ? (
        <CircularProgress aria-label={t('teams.loadingMembers')} />
      ) : people.isError ? (
        <Alert severity="error">{errorMessage(people.error, t('teams.failedToLoadUsers'))}</Alert>
      ) : (
        <Paper variant="outlined">
          <List aria-labelledby="manage-roles-title" disablePadding>
            {members.map((member) => {
              const roleBusy = changeRole.isPending && changeRole.variables.userId === member.id;
              return (
                <ListItem key={member.id} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={
                      <>
                        {member.name}
                        {member.isOwner && (
                          <Chip
                            label={t('teams.owner')}
                            size="small"
                            color="primary"
                            sx={{ ml: 1 }}
                          />
                        )}
                      </>
                    }
                    secondary={member.email || undefined}
                  />
                  {/* Role and remove stay together, and on the right, when the row wraps. */}
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
                    <Select
                      size="small"
                      value={member.role}
                      onChange={(event) => onRoleChange(member, event.target.value)}
                      disabled={member.isOwner || roleBusy}
                      inputProps={{ 'aria-label': t('teams.roleFor', { name: member.name }) }}
                      sx={{ minWidth: 130 }}
                    >
                      <MenuItem value="member">{t('teams.roleMember')}</MenuItem>
                      <MenuItem value="admin">{t('teams.roleAdmin')}</MenuItem>
                    </Select>
                    {/* The owner keeps the same row layout without a remove button. */}
                    <Box sx={{ width: 40, display: 'flex', justifyContent: 'center' }}>
                      {!member.isOwner && (
                        <IconButton
                          aria-label={t('teams.removeName', { name: member.name })}
                          color="error"
                          onClick={() => setToRemove(member)}
                        >
                          <PersonRemoveIcon />
                        </IconButton>
                      )}
                    </Box>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={t('teams.removeMember')}
        message={t('teams.confirmRemoveMember')}
        confirmLabel={t('teams.remove')}
        onConfirm={() => toRemove && onRemove(toRemove)}
        onClose={() => setToRemove(null)}
        pending={removeMember.isPending}
      />
    </Box>
  );
}
