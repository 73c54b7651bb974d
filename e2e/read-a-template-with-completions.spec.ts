// A user reads a resource through a template: picks the template in the catalog, types a
// prefix, takes a suggestion with the keyboard, sees the URI it expands to, and reads it.
import { expect, test, type Page } from '@playwright/test';
import { startServe, type Served } from './serve';

let served: Served;
test.beforeAll(async () => {
  served = await startServe();
});
test.afterAll(async () => {
  await served.stop();
});

/**
 * Opens a template from the catalog: a tree item where the catalog is a tree, else an item of the
 * Templates list.
 */
async function selectTemplate(page: Page, title: string): Promise<void> {
  const treeItem = page.getByRole('treeitem', { name: new RegExp(title) });
  const listItem = page
    .getByRole('list', { name: 'Templates' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await treeItem.or(listItem).first().click();
}

function variablesForm(page: Page) {
  return page.getByRole('form', { name: 'Template variables' });
}

test('release notes: a typed prefix narrows the suggestions, the keyboard picks one, Read shows it', async ({
  page,
}) => {
  await page.goto(served.url);
  await selectTemplate(page, 'Release notes');
  const template = page.getByRole('region', { name: 'Release notes' });
  await expect(template).toContainText('changelog://lumen/releases/{version}');

  const version = variablesForm(page).getByRole('combobox', { name: 'version' });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions for version' });
  // Focus alone asks for suggestions, so the choices show before any typing.
  await version.focus();
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(version).toHaveAttribute('aria-expanded', 'true');

  await version.pressSequentially('2.3');
  await expect(suggestions.getByRole('option')).toHaveText(['2.3.1', '2.3.0']);
  await version.press('ArrowDown');
  await version.press('ArrowDown');
  const second = suggestions.getByRole('option', { name: '2.3.0' });
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(version).toHaveAttribute(
    'aria-activedescendant',
    (await second.getAttribute('id')) ?? 'missing id',
  );
  await version.press('Enter');

  await expect(version).toHaveValue('2.3.0');
  await expect(version).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('status', { name: 'Expanded URI' })).toHaveText(
    'changelog://lumen/releases/2.3.0',
  );

  await page.getByRole('button', { name: 'Read', exact: true }).click();
  const content = template.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('article', { name: 'Content item 1 of 1' })).toContainText(
    'Templates for everyone',
  );

  // A value the server does not know reads as an unknown resource, where the content would be.
  await version.fill('9.9.9');
  await version.press('Escape');
  await page.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(content.getByRole('alert')).toContainText(
    /unknown resource: changelog:\/\/lumen\/releases\/9\.9\.9 \(-32\d{3}\)/,
  );
});

test('design tokens: the token suggestions follow the group already chosen', async ({ page }) => {
  await page.goto(served.url);
  await selectTemplate(page, 'Design token');
  const form = variablesForm(page);
  const group = form.getByRole('combobox', { name: 'group' });
  const token = form.getByRole('combobox', { name: 'token' });

  await group.pressSequentially('spa');
  await expect(
    page.getByRole('listbox', { name: 'Suggestions for group' }).getByRole('option'),
  ).toHaveText(['spacing']);
  await group.press('ArrowDown');
  // Tab takes the highlighted suggestion and moves on to the next field, which asks at once.
  await group.press('Tab');
  await expect(group).toHaveValue('spacing');
  await expect(token).toBeFocused();

  const tokenSuggestions = page.getByRole('listbox', { name: 'Suggestions for token' });
  await expect(tokenSuggestions.getByRole('option')).toHaveText([
    'xxs',
    'xs',
    'sm',
    'md',
    'lg',
    'xl',
  ]);
  await token.pressSequentially('x');
  await expect(tokenSuggestions.getByRole('option')).toHaveText(['xxs', 'xs', 'xl']);
  // ArrowUp starts from the bottom.
  await token.press('ArrowUp');
  await token.press('ArrowUp');
  await expect(tokenSuggestions.getByRole('option', { name: 'xs', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await token.press('Enter');
  await expect(page.getByRole('status', { name: 'Expanded URI' })).toHaveText(
    'design://tokens/spacing/xs.json',
  );

  await page.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(
    page
      .getByRole('region', { name: 'Content' })
      .getByRole('article', { name: 'Content item 1 of 1' }),
  ).toContainText('Inside compact controls');
});
