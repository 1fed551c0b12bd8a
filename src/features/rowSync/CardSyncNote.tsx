/**
 * The dashboard card's note of where its project stands with the server
 * (RowSyncNote), with Fix leading to the builder for a builder field and to
 * the card's edit form otherwise. A module of its own so the card loads it
 * only while there is something to say: the refusal texts stay out of the
 * dashboard's first screen.
 */
import { useNavigate } from 'react-router-dom';
import { RowSyncNote } from './RowSyncNote';
import { refusalInBuilder } from './refusalText';

/** The note for project `projectId`; `onEdit` opens the card's edit form. */
export default function CardSyncNote({
  projectId,
  onEdit,
}: {
  projectId: string;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  return (
    <RowSyncNote
      table="projects"
      id={projectId}
      onFix={(letter) =>
        refusalInBuilder(letter) ? void navigate(`/cabinet-builder/${projectId}`) : onEdit()
      }
    />
  );
}
