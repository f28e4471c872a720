package org.clothgraph.ui.internal;

import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.actions.ActionFactory.IWorkbenchAction;
import org.eclipse.ui.actions.ContributionItemFactory;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;

/** File (new, open, demo, close, exit), Edit (undo, redo), Window (views), Help (about). */
final class ClothGraphActionBarAdvisor extends ActionBarAdvisor {
    private IWorkbenchAction undo;
    private IWorkbenchAction redo;
    private IWorkbenchAction quit;
    private IWorkbenchAction about;
    private IWorkbenchAction preferences;
    private IWorkbenchAction importWizards;
    private ProjectActions projectActions;

    ClothGraphActionBarAdvisor(IActionBarConfigurer configurer) {
        super(configurer);
    }

    @Override
    protected void makeActions(IWorkbenchWindow window) {
        undo = register(ActionFactory.UNDO.create(window));
        redo = register(ActionFactory.REDO.create(window));
        quit = register(ActionFactory.QUIT.create(window));
        about = register(ActionFactory.ABOUT.create(window));
        preferences = register(ActionFactory.PREFERENCES.create(window));
        importWizards = register(ActionFactory.IMPORT.create(window));
        projectActions = new ProjectActions(window);
    }

    private IWorkbenchAction register(IWorkbenchAction a) {
        super.register(a);
        return a;
    }

    @Override
    protected void fillMenuBar(IMenuManager menuBar) {
        MenuManager file = new MenuManager("&File", IWorkbenchActionConstants.M_FILE);
        file.add(projectActions.newProject());
        file.add(projectActions.newDemoProject());
        file.add(projectActions.openProject());
        file.add(projectActions.closeProject());
        file.add(new Separator());
        file.add(importWizards);
        file.add(new GroupMarker(IWorkbenchActionConstants.IMPORT_EXT));
        file.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        file.add(new Separator());
        file.add(quit);
        menuBar.add(file);

        MenuManager edit = new MenuManager("&Edit", IWorkbenchActionConstants.M_EDIT);
        edit.add(undo);
        edit.add(redo);
        edit.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        menuBar.add(edit);

        menuBar.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));

        MenuManager windowMenu = new MenuManager("&Window", IWorkbenchActionConstants.M_WINDOW);
        MenuManager showView = new MenuManager("Show &View");
        showView.add(ContributionItemFactory.VIEWS_SHORTLIST.create(getActionBarConfigurer().getWindowConfigurer()
                .getWindow()));
        windowMenu.add(showView);
        windowMenu.add(preferences);
        menuBar.add(windowMenu);

        MenuManager help = new MenuManager("&Help", IWorkbenchActionConstants.M_HELP);
        help.add(about);
        menuBar.add(help);
    }
}
