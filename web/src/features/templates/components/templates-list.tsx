import { Clip } from '../../../lib/clip';
import { useIsPhone } from '../../../lib/use-media-query';
import type { Template } from '../api/types';
import { TYPE_LABEL } from './template-labels';

type Props = {
  templates: Template[];
  onEdit: (template: Template) => void;
  onDelete: (template: Template) => void;
  deletingId?: string;
};

function rowActions({ template, onEdit, onDelete, deletingId }: Props & { template: Template }) {
  return {
    edit: (
      <button
        type="button"
        className="btn btn--outline btn--small"
        aria-label={`Edit ${template.title}`}
        onClick={() => onEdit(template)}
      >
        Edit
      </button>
    ),
    remove: (
      <button
        type="button"
        className="btn btn--danger-outline btn--small"
        aria-label={`Delete ${template.title}`}
        disabled={deletingId === template._id}
        onClick={() => onDelete(template)}
      >
        Delete
      </button>
    ),
  };
}

/** The approved template a WhatsApp template sends, when it is linked to one. */
function ApprovedNote({ template }: { template: Template }) {
  if (!template.approved?.name) return null;
  return (
    <p className="ui-muted templates-approved">
      Sends the approved template {template.approved.name} ({template.approved.language})
    </p>
  );
}

/** Type, Title, Content (one line, cut at about 520 px), Edit, Delete; cards on phones. */
export function TemplatesList(props: Props) {
  const isPhone = useIsPhone();
  const { templates } = props;

  if (isPhone) {
    return (
      <ul className="ui-cards" aria-label="Templates">
        {templates.map((template) => {
          const actions = rowActions({ ...props, template });
          return (
            <li key={template._id} className="ui-card">
              <div className="ui-card__head">
                <span className="ui-card__title">{template.title}</span>
                <span className="ui-badge ui-badge--gray">{TYPE_LABEL[template.type]}</span>
              </div>
              {template.subject && <p className="ui-muted">Subject: {template.subject}</p>}
              <p className="templates-card__content">{template.content}</p>
              <ApprovedNote template={template} />
              <div className="ui-actions">
                {actions.edit}
                {actions.remove}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="ui-table-wrap">
      <table className="ui-table templates-table">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Title</th>
            <th scope="col">Content</th>
            <th scope="col">Edit</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => {
            const actions = rowActions({ ...props, template });
            return (
              <tr key={template._id}>
                <td>{TYPE_LABEL[template.type]}</td>
                <td>{template.title}</td>
                <td>
                  <Clip as="div" className="templates-table__content" full={template.content} />
                  <ApprovedNote template={template} />
                </td>
                <td>{actions.edit}</td>
                <td>{actions.remove}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
