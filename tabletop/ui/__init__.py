"""The pygame shell.  Importing this package does not import pygame; its modules do."""
