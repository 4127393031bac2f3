/** A meeting room's notes doc (a doc of the room's space, co-edited beside the call), typed from the schema. */
import { graphql } from '../../../lib/graphqlDocument';

/** Reads the room as a member opens it: its space (ad hoc rooms have none, so no notes) and its notes doc, if made. */
export const roomNotesDocument = graphql(`
  mutation RoomNotes($id: ID!) {
    initiateMeetingroom(id: $id) {
      id
      project
      notesDoc
    }
  }
`);

/** Makes the room's notes doc the first time; everyone asking afterwards (or at the same time) gets the same doc. */
export const initiateMeetingroomNotesDocument = graphql(`
  mutation InitiateMeetingroomNotes($id: ID!) {
    initiateMeetingroomNotes(id: $id) {
      id
      project
      notesDoc
    }
  }
`);
