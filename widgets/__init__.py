"""Live game boards for the book's notebooks (ipywidgets + ipycanvas).

A board is a view and a controller over a ``gamelib`` state: it draws the state, turns a
click into a candidate move and asks ``gamelib`` whether it is legal.
"""
