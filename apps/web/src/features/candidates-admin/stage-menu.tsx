import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MSG } from '@app/shared/messages';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import { CANDIDATE_STAGES, needsReason, STAGE_LABELS, type CandidateStage } from '@app/shared/schemas/candidates';
import { serverReason } from '../../lib/api-client';
import { useNotify } from '../../ui/admin/notify';
import { useMoveCandidate } from './pipeline-api';

/**
 * "Move to…": a menu button (keyboard, phone and screen reader friendly: no dragging needed) that
 * moves a candidate to another stage. Rejected and Withdrawn ask for the reason first, in a dialog.
 */
export function StageMenu({
  candidate,
  size = 'small',
}: {
  candidate: { id: number; fullName: string; stage: CandidateStage };
  size?: 'small' | 'medium';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [closing, setClosing] = useState<CandidateStage | null>(null);
  const move = useMoveCandidate();
  const notify = useNotify();
  const menuId = useId();

  const go = (stage: CandidateStage, reason?: string) =>
    move.mutate(
      { id: candidate.id, stage, reason },
      {
        onSuccess: () => {
          setClosing(null);
          notify(`${candidate.fullName} moved to ${STAGE_LABELS[stage]}.`, 'success');
        },
        onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
      },
    );
  const choose = (stage: CandidateStage) => {
    setAnchor(null);
    if (needsReason(stage)) setClosing(stage);
    else go(stage);
  };

  return (
    <>
      <Button
        size={size}
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Move ${candidate.fullName} to…`}
        disabled={move.isPending}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Move to…
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {CANDIDATE_STAGES.filter((s) => s !== candidate.stage).map((s) => (
          <MenuItem key={s} onClick={() => choose(s)}>
            {STAGE_LABELS[s]}
          </MenuItem>
        ))}
      </Menu>
      {closing && (
        <ReasonDialog
          stage={closing}
          name={candidate.fullName}
          pending={move.isPending}
          onCancel={() => setClosing(null)}
          onConfirm={(reason) => go(closing, reason)}
        />
      )}
    </>
  );
}

function ReasonDialog({
  stage,
  name,
  pending,
  onCancel,
  onConfirm,
}: {
  stage: CandidateStage;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError(CANDIDATES_MSG.reasonRequired);
    if (text.length > 500) return setError(CANDIDATES_MSG.reasonTooLong);
    onConfirm(text);
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          Move {name} to {STAGE_LABELS[stage]}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || 'Kept on the candidate and in the timeline.'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Move to {STAGE_LABELS[stage]}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
